from .dispatch import grouped_gemm

__all__ = ["grouped_gemm"]
