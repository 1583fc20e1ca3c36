// One file per head dimension and arch family, to split compilation. Each
// specialisation is the launcher for one arch and calls that arch's kernel:
// per-arch code, not a table to extend.
struct BwdParams { int seqlen; };

template <int Arch, typename T, bool kIsCausal>
void run_bwd_hdim64(BwdParams& params) { params.seqlen += Arch; }

template <int Arch, typename T, int kHeadDim, bool kIsCausal>
void run_bwd_(BwdParams& params);

template <>
void run_bwd_<80, float, 64, false>(BwdParams& params) {
  run_bwd_hdim64<80, float, false>(params);
}

template <>
void run_bwd_<86, float, 64, false>(BwdParams& params) {
  run_bwd_hdim64<86, float, false>(params);
}
