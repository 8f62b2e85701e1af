module {
  func.func @main(%arg0: tensor<1x8x8x4xi8>, %arg1: tensor<1x8x8x4xi8>) -> tensor<1x8x8x4xi8> {
    %0 = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
    %1 = tosa.rescale %arg0 {multiplier = array<i32: 1073741824>, shift = array<i8: 30>} : (tensor<1x8x8x4xi8>) -> tensor<1x8x8x4xi32>
    %2 = tosa.rescale %arg1 {multiplier = array<i32: 1073741824>, shift = array<i8: 30>} : (tensor<1x8x8x4xi8>) -> tensor<1x8x8x4xi32>
    %3 = tosa.add %1, %2 : (tensor<1x8x8x4xi32>, tensor<1x8x8x4xi32>) -> tensor<1x8x8x4xi32>
    %4 = torch.operator "onnx.Relu"(%3) : (tensor<1x8x8x4xi32>) -> tensor<1x8x8x4xi32>
    %5 = linalg.copy ins(%4 : tensor<1x8x8x4xi32>) outs(%4 : tensor<1x8x8x4xi32>) -> tensor<1x8x8x4xi32>
    %6 = tosa.rescale %5 {multiplier = array<i32: 1073741824>, shift = array<i8: 30>} : (tensor<1x8x8x4xi32>) -> tensor<1x8x8x4xi8>
    return %6 : tensor<1x8x8x4xi8>
  }
}
