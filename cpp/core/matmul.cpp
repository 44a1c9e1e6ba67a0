#include "core/matmul.h"

namespace attnlab {

void matmul_nt(const Mat& x, const Mat& w, Mat& y) {
  y.resize(x.rows(), w.rows());
  y.noalias() = x * w.transpose();
}

void matmul_nt_bias(const Mat& x, const Mat& w, const Mat& bias, Mat& y) {
  matmul_nt(x, w, y);
  y.rowwise() += bias.row(0);
}

}  // namespace attnlab
