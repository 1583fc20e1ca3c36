// One file per head dimension and arch family, to split compilation. Each
// line makes the kernel for one arch: an instantiation, not a table to extend.
struct FwdParams { int seqlen; };

template <int Arch, typename T, int kHeadDim, bool kIsCausal>
void run_fwd_(FwdParams& params) { params.seqlen += kHeadDim; }

template void run_fwd_<80, float, 64, false>(FwdParams& params);
template void run_fwd_<86, float, 64, false>(FwdParams& params);
template void run_fwd_<80, float, 64, true>(FwdParams& params);
template void run_fwd_<86, float, 64, true>(FwdParams& params);
