#!/usr/bin/python3
"""onnxtxt_to_onnx.py IN.onnxtxt OUT.onnx: ONNX text syntax to a checked
binary model, with ONNX's own parser."""

import sys

import onnx
import onnx.parser

model = onnx.parser.parse_model(open(sys.argv[1]).read())
onnx.checker.check_model(model)
onnx.save(model, sys.argv[2])
