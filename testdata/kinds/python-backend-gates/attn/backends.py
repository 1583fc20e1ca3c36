from .registry import arch_gate

# Fifteen backends, each declaring the archs it was written for. They differ
# on purpose: no sibling-gap between them.

@arch_gate([100, 103])  # expect(sm110): missing-arch sm_110 error
class FlashMLABackend:
    pass


@arch_gate([100, 103])  # expect(sm110): missing-arch sm_110 error
class CutlassMLABackend:
    pass


@arch_gate([100, 103])  # expect(sm110): missing-arch sm_110 error
class TrtllmMHABackend:
    pass


@arch_gate([100, 103])  # expect(sm110): missing-arch sm_110 error
class TrtllmMLABackend:
    pass


@arch_gate([100, 103])  # expect(sm110): missing-arch sm_110 error
class CuteDSLGemmBackend:
    pass


@arch_gate([100, 103])  # expect(sm110): missing-arch sm_110 error
class FlashInferFP4Backend:
    pass


@arch_gate([100, 103])  # expect(sm110): missing-arch sm_110 error
class DeepGemmFP8Backend:
    pass


@arch_gate([100, 103])  # expect(sm110): missing-arch sm_110 error
class TritonFP8BlockwiseBackend:
    pass


@arch_gate([100, 103])  # expect(sm110): missing-arch sm_110 error
class NvfpMoEBackend:
    pass


@arch_gate([100, 103])  # expect(sm110): missing-arch sm_110 error
class CutlassMoEBackend:
    pass


@arch_gate([120, 121])  # expect(sm110): missing-arch sm_110 error
class ConsumerFP4Backend:
    pass


@arch_gate([120, 121])  # expect(sm110): missing-arch sm_110 error
class ConsumerMoEBackend:
    pass


@arch_gate([120, 121])  # expect(sm110): missing-arch sm_110 error
class SparkGemmBackend:
    pass


@arch_gate([120, 121])  # expect(sm110): missing-arch sm_110 error
class Sm120AttentionBackend:
    pass


@arch_gate([120, 121])  # expect(sm110): missing-arch sm_110 error
class Sm12xMLABackend:
    pass
