"""Tests of the Microsoft 365 evaluation documents format."""
