"""Moving benchmarks and results to and from other tools' formats (one subpackage per format)."""

__all__: list[str] = []
