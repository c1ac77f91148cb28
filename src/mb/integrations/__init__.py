"""Integrations with other tools: :mod:`mb.integrations.mlflow` (MorganaBench metrics as MLflow GenAI scorers).

Each integration imports its tool only when used; install it with its extra (``mlflow``).
"""

__all__: list[str] = []
