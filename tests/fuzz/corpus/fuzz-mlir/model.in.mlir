// npt-annotate fixture: a small model whose operations carry every kind of
// location MLIR prints.  Input to mlir-opt-15; see SOURCES.md.
func.func private @act(%x: tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> {
  %0 = "tosa.sigmoid"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> loc("sigmoid"("act.py":7:10))
  return %0 : tensor<1x8x8x4xf32> loc("act.py":8:3)
} loc("act.py":6:1)

func.func @main(%arg0: tensor<1x8x8x3xf32>) -> tensor<1x8x8x4xf32> {
  %w = "tosa.const"() {value = dense<1.0> : tensor<4x3x3x3xf32>} : () -> tensor<4x3x3x3xf32> loc("weights"("model.onnx":3:1))
  %b = "tosa.const"() {value = dense<0.0> : tensor<4xf32>} : () -> tensor<4xf32> loc(unknown)
  %0 = "tosa.conv2d"(%arg0, %w, %b) {pad = [1, 1, 1, 1], stride = [1, 1], dilation = [1, 1], "torq-action-id" = 10 : i32, "torq-job-id" = 7 : i32, note = "a)b\"c"} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32> loc("conv1"("model.onnx":12:3))
  %1 = "tosa.clamp"(%0) {min_int = 0 : i64, max_int = 6 : i64, min_fp = 0.0 : f32, max_fp = 6.0 : f32, "torq-action-id" = 11 : i32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> loc(fused["model.onnx":13:5, "relu.py":4:2])
  %2 = func.call @act(%1) {"torq-action-id" = 12 : i32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> loc("model.onnx":14:7)
  %3 = "tosa.add"(%2, %2) {"torq-action-id" = 13 : i32} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> loc(callsite("add"("lib/ops.py":40:7) at callsite("model.py":88:12 at "main.py":5:1)))
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"], "torq-action-id" = 14 : i32} ins(%3 : tensor<1x8x8x4xf32>) outs(%3 : tensor<1x8x8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.mulf %in, %in : f32 loc("sq.py":2:9)
    linalg.yield %5 : f32 loc("sq.py":3:9)
  } -> tensor<1x8x8x4xf32> loc(fused<"fuse_pass">["square(x)"("weird)name.py":1:1), "modèle€.onnx":2:3])
  %6 = "tosa.tanh"(%4) {"torq-action-id" = 15 : i32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> loc("q\"uote\\back\tslash.py":9:9)
  return %6 : tensor<1x8x8x4xf32> loc("model.onnx":20:1)
} loc("model.onnx":1:1)
