#loc2 = loc("model.in.mlir":3:24)
#loc6 = loc("model.in.mlir":8:17)
#loc14 = loc("model.in.mlir":16:8)
#loc15 = loc("model.in.mlir":16:18)
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x8x8x4xf32> loc("model.in.mlir":3:24)):
    %0 = "tosa.sigmoid"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> loc(#loc3)
    "func.return"(%0) : (tensor<1x8x8x4xf32>) -> () loc(#loc4)
  }) {function_type = (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>, sym_name = "act", sym_visibility = "private"} : () -> () loc(#loc1)
  "func.func"() ({
  ^bb0(%arg0: tensor<1x8x8x3xf32> loc("model.in.mlir":8:17)):
    %0 = "tosa.const"() {value = dense<1.000000e+00> : tensor<4x3x3x3xf32>} : () -> tensor<4x3x3x3xf32> loc(#loc7)
    %1 = "tosa.const"() {value = dense<0.000000e+00> : tensor<4xf32>} : () -> tensor<4xf32> loc(#loc8)
    %2 = "tosa.conv2d"(%arg0, %0, %1) {dilation = [1, 1], note = "a)b\22c", pad = [1, 1, 1, 1], stride = [1, 1], "torq-action-id" = 10 : i32, "torq-job-id" = 7 : i32} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32> loc(#loc9)
    %3 = "tosa.clamp"(%2) {max_fp = 6.000000e+00 : f32, max_int = 6 : i64, min_fp = 0.000000e+00 : f32, min_int = 0 : i64, "torq-action-id" = 11 : i32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> loc(#loc10)
    %4 = "func.call"(%3) {callee = @act, "torq-action-id" = 12 : i32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> loc(#loc11)
    %5 = "tosa.add"(%4, %4) {"torq-action-id" = 13 : i32} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> loc(#loc12)
    %6 = "linalg.generic"(%5, %5) ({
    ^bb0(%arg1: f32 loc("model.in.mlir":16:8), %arg2: f32 loc("model.in.mlir":16:18)):
      %8 = "arith.mulf"(%arg1, %arg1) : (f32, f32) -> f32 loc(#loc16)
      "linalg.yield"(%8) : (f32) -> () loc(#loc17)
    }) {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"], operand_segment_sizes = dense<1> : vector<2xi32>, "torq-action-id" = 14 : i32} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> loc(#loc13)
    %7 = "tosa.tanh"(%6) {"torq-action-id" = 15 : i32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> loc(#loc18)
    "func.return"(%7) : (tensor<1x8x8x4xf32>) -> () loc(#loc19)
  }) {function_type = (tensor<1x8x8x3xf32>) -> tensor<1x8x8x4xf32>, sym_name = "main"} : () -> () loc(#loc5)
}) : () -> () loc(#loc0)
#loc0 = loc("model.in.mlir":0:0)
#loc1 = loc("act.py":6:1)
#loc3 = loc("sigmoid"("act.py":7:10))
#loc4 = loc("act.py":8:3)
#loc5 = loc("model.onnx":1:1)
#loc7 = loc("weights"("model.onnx":3:1))
#loc8 = loc(unknown)
#loc9 = loc("conv1"("model.onnx":12:3))
#loc10 = loc(fused["model.onnx":13:5, "relu.py":4:2])
#loc11 = loc("model.onnx":14:7)
#loc12 = loc(callsite("add"("lib/ops.py":40:7) at callsite("model.py":88:12 at "main.py":5:1)))
#loc13 = loc(fused<"fuse_pass">["square(x)"("weird)name.py":1:1), "mod\C3\A8le\E2\82\AC.onnx":2:3])
#loc16 = loc("sq.py":2:9)
#loc17 = loc("sq.py":3:9)
#loc18 = loc("q\22uote\\back\09slash.py":9:9)
#loc19 = loc("model.onnx":20:1)

