
"Phb
npuconvloc
â	core0
#@èPhZ"2"m.onnx":3:1HPX
@ÜPhZHX