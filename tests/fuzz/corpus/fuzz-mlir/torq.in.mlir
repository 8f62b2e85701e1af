// npt-annotate fixture: the shape of a Torq executable-targets dump, two
// dispatch functions whose top-level actions carry torq-action-id (numbered
// from 0 in each function) and NSS programs whose nested tasks carry
// torq-task-id.  The torq_hl/torq_hw ops are unregistered here, so they are
// written in generic form.  Input to mlir-opt-15; see SOURCES.md.
module {
  func.func @main_dispatch_0(%in: memref<64xi8>, %out: memref<64xi8>) {
    %c0 = arith.constant 0 : index loc("dispatch.mlir":2:5)
    %prog = "torq_hl.program"() ({
    ^bb0:
      "torq_hw.nss_task"() ({
        "torq_hw.dma_in_start"() {id = 0 : i64} : () -> () loc("dispatch.mlir":5:9)
        "torq_hw.slice_start"() {id = 0 : i64, "torq-async-duration-cycles" = 812 : i64} : () -> () loc("conv"("model.onnx":10:5))
        "torq_hl.next"() : () -> () loc(unknown)
      }) {"torq-task-id" = 0 : i32, "torq-start-time-cycles" = 0 : i64} : () -> () loc("dispatch.mlir":4:7)
      "torq_hw.nss_task"() ({
        "torq_hw.dma_out_start"() {id = 0 : i64} : () -> () loc("dispatch.mlir":9:9)
        "torq_hl.next"() : () -> () loc(unknown)
      }) {"torq-task-id" = 1 : i32, "torq-start-time-cycles" = 900 : i64} : () -> () loc("dispatch.mlir":8:7)
      "torq_hl.return"() : () -> () loc(unknown)
    }) : () -> !torq_hl.program<nss> loc("dispatch.mlir":3:5)
    %inv = "torq_hl.create_invocation"(%prog) {name = "nss_program_0", "torq-job-id" = 0 : i32} : (!torq_hl.program<nss>) -> !torq_hl.invocation<nss> loc("dispatch.mlir":12:5)
    "torq_hl.host_copy"(%in, %out) {"torq-action-id" = 0 : i32} : (memref<64xi8>, memref<64xi8>) -> () loc("input"("model.onnx":2:1))
    "torq_hl.start_program"(%inv, %in) {"torq-action-id" = 1 : i32} : (!torq_hl.invocation<nss>, memref<64xi8>) -> () loc("conv"("model.onnx":10:5))
    "torq_hl.wait_program"(%inv) {"torq-action-id" = 2 : i32} : (!torq_hl.invocation<nss>) -> () loc(fused["model.onnx":10:5, "model.onnx":11:5])
    "torq_hl.host_copy"(%out, %in) {"torq-action-id" = 3 : i32} : (memref<64xi8>, memref<64xi8>) -> () loc("output"("model.onnx":30:1))
    return loc("dispatch.mlir":20:5)
  } loc("dispatch.mlir":1:1)
  func.func @main_dispatch_1(%in: memref<64xi8>) {
    "torq_hl.host_copy"(%in, %in) {"torq-action-id" = 0 : i32} : (memref<64xi8>, memref<64xi8>) -> () loc("softmax"("model.onnx":40:5))
    "torq_hl.host_copy"(%in, %in) {"torq-action-id" = 1 : i32} : (memref<64xi8>, memref<64xi8>) -> () loc(callsite("exp"("ops.py":3:1) at "model.onnx":41:5))
    return loc("dispatch.mlir":30:5)
  } loc("dispatch.mlir":25:1)
}
