#executable_target_torq = #hal.executable.target<"torq", "torq-fb", {}>
#loc1 = loc("torq3-model.mlir":2:3)
#loc2 = loc("input_0"("torq3-model.mlir":4:10))
#loc3 = loc(fused["torq3-model.mlir":4:10, "torq3-model.mlir":5:10, "torq3-model.mlir":6:10])
#loc4 = loc("torq3-model.mlir":6:10)
module attributes {hal.device.targets = []} {
  hal.executable private @main$async_dispatch_0 {
    hal.executable.variant public @torq target(#executable_target_torq) {
      builtin.module {
        func.func @main$async_dispatch_0(%arg0: memref<256xi8>, %arg1: memref<256xi8>) {
          %c0 = arith.constant 0 : index loc(#loc1)
          %0 = torq_hl.program "slice_program_torq_hl.add_0" : !torq_hl.program<slice> {
            torq_hl.return loc(#loc9)
          } loc(#loc4)
          %1 = torq_hl.program "slice_program_torq_hl.rescale_1" : !torq_hl.program<slice> {
            torq_hl.return loc(#loc9)
          } loc(#loc5)
          %2 = torq_hl.create_invocation "slice_program_torq_hl.add_0" program(%0 : !torq_hl.program<slice>) : !torq_hl.invocation<slice> loc(#loc4)
          %3 = torq_hl.create_invocation "slice_program_torq_hl.rescale_1" program(%1 : !torq_hl.program<slice>) : !torq_hl.invocation<slice> loc(#loc5)
          %4 = torq_hl.program "nss_program_0" : !torq_hl.program<nss> {
          ^bb0(%arg2: memref<256xi8>, %arg3: !torq_hl.invocation<slice>, %arg4: !torq_hl.invocation<slice>, %arg5: memref<64xi8>):
            torq_hw.nss_task {"torq-task-id" = 0 : i64} () {
              torq_hw.dma_in_start {"torq-async-duration-cycles" = 120 : i64} loc(#loc3)
              torq_hw.dma_in_wait loc(#loc3)
              "torq_hw.slice_start"(%arg3) <{id = 0 : index}> {"torq-async-duration-cycles" = 812 : i64} : (!torq_hl.invocation<slice>) -> () loc(#loc4)
            } loc(#loc3)
            torq_hl.next %arg2, %arg3, %arg4 : memref<256xi8>, !torq_hl.invocation<slice>, !torq_hl.invocation<slice> lram_area(%arg5 : memref<64xi8>) to ^bb1 loc(#loc9)
          ^bb1(%5: memref<256xi8>, %6: !torq_hl.invocation<slice>, %7: !torq_hl.invocation<slice>):
            torq_hw.nss_task {"torq-task-id" = 1 : i64} () {
              "torq_hw.slice_wait"() <{id = 0 : index}> : () -> () loc(#loc4)
              "torq_hw.slice_start"(%7) <{id = 1 : index}> {"torq-async-duration-cycles" = 300 : i64} : (!torq_hl.invocation<slice>) -> () loc(#loc5)
              torq_hw.dma_out_start {"torq-async-duration-cycles" = 90 : i64} loc(#loc5)
            } loc(#loc5)
            torq_hw.nss_task {"torq-task-id" = 2 : i64} () {
              "torq_hw.slice_wait"() <{id = 1 : index}> : () -> () loc(#loc5)
              torq_hw.dma_out_wait loc(#loc5)
            } loc(#loc5)
            torq_hl.return loc(#loc9)
          } loc(#loc3)
          %8 = torq_hl.program "nss_program_1" : !torq_hl.program<nss> {
          ^bb0(%arg2: memref<256xi8>, %arg3: memref<64xi8>):
            torq_hw.nss_task {"torq-task-id" = 3 : i64} () {
              torq_hw.dma_in_start {"torq-async-duration-cycles" = 40 : i64} loc(#loc6)
              torq_hw.dma_out_start {"torq-async-duration-cycles" = 40 : i64} loc(#loc6)
            } loc(#loc6)
            torq_hl.next %arg2 : memref<256xi8> lram_area(%arg3 : memref<64xi8>) to ^bb1 loc(#loc9)
          ^bb1(%9: memref<256xi8>):
            torq_hw.nss_task {"torq-task-id" = 4 : i64} () {
              torq_hw.dma_in_wait loc(#loc6)
              torq_hw.dma_out_wait loc(#loc6)
            } loc(#loc6)
            torq_hl.return loc(#loc9)
          } loc(#loc6)
          %10 = torq_hl.create_invocation "nss_program_0" program(%4 : !torq_hl.program<nss>) {"torq-job-id" = 0 : i32} : !torq_hl.invocation<nss> loc(#loc3)
          %11 = torq_hl.create_invocation "nss_program_1" program(%8 : !torq_hl.program<nss>) {"torq-job-id" = 1 : i32} : !torq_hl.invocation<nss> loc(#loc6)
          %alloc = memref.alloc() : memref<256xi8> loc(#loc9)
          torq_hl.host_copy %arg0 : memref<256xi8> to %alloc : memref<256xi8> {"torq-action-id" = 0 : i32} loc(#loc2)
          torq_hl.start_program %10 : !torq_hl.invocation<nss> args(%alloc, %2, %3, %arg1 : memref<256xi8>, !torq_hl.invocation<slice>, !torq_hl.invocation<slice>, memref<256xi8>) code(%c0 : index) {"torq-action-id" = 1 : i32} loc(#loc3)
          torq_hl.wait_program %10 : !torq_hl.invocation<nss> {"torq-action-id" = 2 : i32} loc(#loc4)
          torq_hl.start_program %11 : !torq_hl.invocation<nss> args(%alloc, %arg1 : memref<256xi8>, memref<256xi8>) code(%c0 : index) {"torq-action-id" = 3 : i32} loc(#loc6)
          torq_hl.wait_program %11 : !torq_hl.invocation<nss> {"torq-action-id" = 4 : i32} loc(#loc7)
          torq_hl.host_copy %alloc : memref<256xi8> to %arg1 : memref<256xi8> {"torq-action-id" = 5 : i32} loc(#loc8)
          return loc(#loc9)
        } loc(#loc1)
      }
    }
  }
  hal.executable private @main$async_dispatch_1 {
    hal.executable.variant public @torq target(#executable_target_torq) {
      builtin.module {
        func.func @main$async_dispatch_1(%arg0: memref<256xi8>, %arg1: memref<256xi8>) {
          %c0 = arith.constant 0 : index loc(#loc1)
          %0 = torq_hl.program "slice_program_torq_hl.conv_2" : !torq_hl.program<slice> {
            torq_hl.return loc(#loc9)
          } loc(#loc10)
          %1 = torq_hl.create_invocation "slice_program_torq_hl.conv_2" program(%0 : !torq_hl.program<slice>) : !torq_hl.invocation<slice> loc(#loc10)
          %2 = "torq_hl.program"() <{name = "nss_program_2"}> ({
          ^bb0(%arg2: memref<256xi8>, %arg3: !torq_hl.invocation<slice>, %arg4: memref<64xi8>):
            "torq_hw.nss_task"() ({
              "torq_hw.cdma_start"(%arg2, %arg4) : (memref<256xi8>, memref<64xi8>) -> () loc(#loc10)
              "torq_hw.css_start"(%arg3) : (!torq_hl.invocation<slice>) -> () loc(#loc10)
              "torq_hw.slice_start"(%arg3) <{id = 1 : index}> : (!torq_hl.invocation<slice>) -> () loc(#loc10)
            }) {"torq-task-id" = 0 : i64} : () -> () loc(#loc10)
            "torq_hw.nss_task"() ({
              "torq_hw.cdma_wait"() : () -> () loc(#loc10)
              "torq_hw.css_wait"() : () -> () loc(#loc10)
            }) {"torq-task-id" = 1 : i64} : () -> () loc(#loc10)
            "torq_hl.return"() : () -> () loc(#loc9)
          }) : () -> !torq_hl.program<nss> loc(#loc10)
          %3 = "torq_hl.create_invocation"(%2) <{name = "nss_program_2"}> {"torq-job-id" = 2 : i32} : (!torq_hl.program<nss>) -> !torq_hl.invocation<nss> loc(#loc10)
          %4 = torq_hl.program "nss_program_3" : !torq_hl.program<nss> {
          ^bb0(%arg2: memref<256xi8>, %arg3: !torq_hl.invocation<slice>):
            torq_hw.nss_task {"torq-task-id" = 2 : i64} () {
              torq_hw.dma_in_start loc(#loc11)
              "torq_hw.slice_wait"() <{id = 1 : index}> : () -> () loc(#loc11)
              torq_hw.dma_in_wait loc(#loc11)
            } loc(#loc11)
            torq_hl.return loc(#loc9)
          } loc(#loc11)
          %5 = torq_hl.create_invocation "nss_program_3" program(%4 : !torq_hl.program<nss>) {"torq-job-id" = 3 : i32} : !torq_hl.invocation<nss> loc(#loc11)
          %6 = torq_hl.program "host_program_0" : !torq_hl.program<host> {
            torq_hl.return loc(#loc9)
          } loc(#loc12)
          %7 = torq_hl.create_invocation "host_program_0" program(%6 : !torq_hl.program<host>) : !torq_hl.invocation<host> loc(#loc12)
          "torq_hl.start_program"(%3, %c0, %arg0, %1, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 3>}> {"torq-action-id" = 0 : i32} : (!torq_hl.invocation<nss>, index, memref<256xi8>, !torq_hl.invocation<slice>, memref<256xi8>) -> () loc(#loc13)
          "torq_hl.wait_program"(%3) {"torq-action-id" = 1 : i32} : (!torq_hl.invocation<nss>) -> () loc(#loc13)
          torq_hl.start_program %5 : !torq_hl.invocation<nss> args(%arg0, %1 : memref<256xi8>, !torq_hl.invocation<slice>) code(%c0 : index) {"torq-action-id" = 2 : i32} loc(#loc11)
          torq_hl.wait_program %5 : !torq_hl.invocation<nss> {"torq-action-id" = 3 : i32} loc(#loc11)
          torq_hl.start_program %7 : !torq_hl.invocation<host> args(%arg0 : memref<256xi8>) code(%c0 : index) {"torq-action-id" = 4 : i32} loc(#loc12)
          torq_hl.wait_program %7 : !torq_hl.invocation<host> {"torq-action-id" = 5 : i32} loc(#loc12)
          %alloc = memref.alloc() {"torq-action-id" = 6 : i32} : memref<256xi8> loc(#loc9)
          return loc(#loc9)
        } loc(#loc1)
      }
    }
  }
} loc(#loc9)
#loc5 = loc("torq3-model.mlir":5:10)
#loc6 = loc(callsite("torq3-model.mlir":7:10 at "torq3-model.mlir":3:10))
#loc7 = loc(fused<"torq">["torq3-model.mlir":8:10, "relu"("torq3-model.mlir":7:10)])
#loc8 = loc("torq3-model.mlir":10:5)
#loc9 = loc(unknown)
#loc10 = loc("conv"(callsite("torq3-model.mlir":6:10 at "torq3-model.mlir":9:10)))
#loc11 = loc("torq3-model.mlir":9:10)
#loc12 = loc("host"("torq3-model.mlir":2:3))
#loc13 = loc(fused["torq3-model.mlir":3:10, "torq3-model.mlir":6:10])
