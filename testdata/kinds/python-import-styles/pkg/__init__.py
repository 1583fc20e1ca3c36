# The package re-exports its kernel table.
from .tables import KERNEL_TABLE

__all__ = ["KERNEL_TABLE"]
