"""placeholder"""

__all__ = ["from_otel"]


def from_otel(attributes: object) -> object:
    raise NotImplementedError
