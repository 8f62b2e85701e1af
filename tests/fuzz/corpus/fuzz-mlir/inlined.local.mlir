module {
  func.func @main(%arg0: tensor<1x8x8x3xf32> loc("model.in.mlir":8:17)) -> tensor<1x8x8x4xf32> {
    %0 = "tosa.const"() {value = dense<1.000000e+00> : tensor<4x3x3x3xf32>} : () -> tensor<4x3x3x3xf32> loc("weights"("model.onnx":3:1))
    %1 = "tosa.const"() {value = dense<0.000000e+00> : tensor<4xf32>} : () -> tensor<4xf32> loc(unknown)
    %2 = "tosa.conv2d"(%arg0, %0, %1) {dilation = [1, 1], note = "a)b\22c", pad = [1, 1, 1, 1], stride = [1, 1], "torq-action-id" = 10 : i32, "torq-job-id" = 7 : i32} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32> loc("conv1"("model.onnx":12:3))
    %3 = "tosa.clamp"(%2) {max_fp = 6.000000e+00 : f32, max_int = 6 : i64, min_fp = 0.000000e+00 : f32, min_int = 0 : i64, "torq-action-id" = 11 : i32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> loc(fused["model.onnx":13:5, "relu.py":4:2])
    %4 = "tosa.sigmoid"(%3) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> loc(callsite("sigmoid"("act.py":7:10) at "model.onnx":14:7))
    %5 = "tosa.add"(%4, %4) {"torq-action-id" = 13 : i32} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> loc(callsite("add"("lib/ops.py":40:7) at callsite("model.py":88:12 at "main.py":5:1)))
    %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5 : tensor<1x8x8x4xf32>) outs(%5 : tensor<1x8x8x4xf32>) attrs =  {"torq-action-id" = 14 : i32} {
    ^bb0(%arg1: f32 loc("model.in.mlir":16:8), %arg2: f32 loc("model.in.mlir":16:18)):
      %8 = arith.mulf %arg1, %arg1 : f32 loc("sq.py":2:9)
      linalg.yield %8 : f32 loc("sq.py":3:9)
    } -> tensor<1x8x8x4xf32> loc(fused<"fuse_pass">["square(x)"("weird)name.py":1:1), "mod\C3\A8le\E2\82\AC.onnx":2:3])
    %7 = "tosa.tanh"(%6) {"torq-action-id" = 15 : i32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> loc("q\22uote\\back\09slash.py":9:9)
    return %7 : tensor<1x8x8x4xf32> loc("model.onnx":20:1)
  } loc("model.onnx":1:1)
} loc("model.in.mlir":0:0)
