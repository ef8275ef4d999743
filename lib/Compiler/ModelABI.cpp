//===- ModelABI.cpp - The model ABI of a compiled model -------------------===//

#include "ModelABI.h"
#include "onnxc/Dialect/ONNX/ElementTypes.h"
#include "onnxc/Dialect/ONNX/ONNXDialect.h"
#include "onnxc/Runtime/onnxc_model_abi.h"
#include "onnxc/Runtime/onnxc_model_support.h"
#include "onnxc/Version.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace onnxc;
using namespace onnxc::compiler;

//===----------------------------------------------------------------------===//
// The signature
//===----------------------------------------------------------------------===//

TensorSignature compiler::getTensorSignature(Type type, DictionaryAttr attrs,
                                             unsigned position) {
  TensorSignature signature;
  auto name = attrs ? attrs.getAs<StringAttr>(
                          onnx::ONNXDialect::NameAttrHelper::getNameStr())
                    : StringAttr();
  signature.name = name ? name.str() : llvm::formatv("#{0}", position).str();
  auto tensorType = cast<RankedTensorType>(type);
  signature.elemType = onnx::getElementTypeCode(tensorType.getElementType())
                           .value_or(onnxc_element_type(0));
  auto params = attrs
                    ? attrs.getAs<ArrayAttr>(
                          onnx::ONNXDialect::DimParamsAttrHelper::getNameStr())
                    : ArrayAttr();
  for (auto [i, dim] : llvm::enumerate(tensorType.getShape())) {
    signature.dims.push_back(ShapedType::isDynamic(dim) ? -1 : dim);
    std::string param;
    if (params && i < params.size())
      if (auto s = dyn_cast<StringAttr>(params[i]))
        param = s.str();
    signature.dimParams.push_back(param);
  }
  return signature;
}

static llvm::json::Value tensorToJSON(const TensorSignature &tensor) {
  llvm::json::Array shape;
  for (auto [dim, param] : llvm::zip_equal(tensor.dims, tensor.dimParams)) {
    if (dim >= 0)
      shape.push_back(dim);
    else if (!param.empty())
      shape.push_back(param);
    else
      shape.push_back(nullptr);
  }
  const char *typeName = onnx::getElementTypeName(tensor.elemType);
  return llvm::json::Object{{"name", tensor.name},
                            {"elem_type", typeName ? typeName : "undefined"},
                            {"shape", std::move(shape)}};
}

std::string ModelSignature::toJSON(StringRef entry) const {
  llvm::json::Array inputsJSON, outputsJSON;
  for (const TensorSignature &t : inputs)
    inputsJSON.push_back(tensorToJSON(t));
  for (const TensorSignature &t : outputs)
    outputsJSON.push_back(tensorToJSON(t));
  std::string json;
  llvm::raw_string_ostream(json) << llvm::json::Value(llvm::json::Object{
      {"onnxc_abi", ONNXC_MODEL_ABI_VERSION},
      {"compiler", ONNXC_VERSION_STRING},
      {"entry", entry},
      {"opset", opset},
      {"inputs", std::move(inputsJSON)},
      {"outputs", std::move(outputsJSON)},
      {"workspace_bytes", workspaceBytes >= 0
                              ? llvm::json::Value(workspaceBytes)
                              : llvm::json::Value(nullptr)},
      {"target",
       llvm::json::Object{{"triple", targetTriple},
                          {"cpu", targetCPU},
                          {"cpu_features", llvm::json::Array(cpuFeatures)}}}});
  return json;
}

//===----------------------------------------------------------------------===//
// The constant data and glue functions
//===----------------------------------------------------------------------===//

namespace {
/// Builds the constant data and functions of onnxc_model_abi.h.
class ABIBuilder {
public:
  ABIBuilder(llvm::Module &module, StringRef entry)
      : module(module), context(module.getContext()), entry(entry.str()),
        ptrTy(llvm::PointerType::getUnqual(context)),
        i32Ty(llvm::Type::getInt32Ty(context)),
        i64Ty(llvm::Type::getInt64Ty(context)) {}

  llvm::Constant *string(StringRef value) {
    auto *data = llvm::ConstantDataArray::getString(context, value);
    return global(data, "str");
  }

  llvm::Constant *global(llvm::Constant *init, StringRef name) {
    auto *var =
        new llvm::GlobalVariable(module, init->getType(), /*isConstant=*/true,
                                 llvm::GlobalValue::PrivateLinkage, init,
                                 "__onnxc_" + entry + "_" + name);
    var->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
    return var;
  }

  llvm::Constant *pointerArray(ArrayRef<llvm::Constant *> values,
                               StringRef name) {
    if (values.empty())
      return llvm::ConstantPointerNull::get(ptrTy);
    auto *type = llvm::ArrayType::get(ptrTy, values.size());
    return global(llvm::ConstantArray::get(type, values), name);
  }

  llvm::Constant *tensors(ArrayRef<TensorSignature> tensors, StringRef name) {
    llvm::StructType *ioTy = getModelIOType();
    SmallVector<llvm::Constant *> entries;
    for (const TensorSignature &tensor : tensors) {
      SmallVector<llvm::Constant *> params;
      for (const std::string &param : tensor.dimParams)
        params.push_back(param.empty() ? llvm::ConstantPointerNull::get(ptrTy)
                                       : string(param));
      llvm::Constant *dims =
          tensor.dims.empty()
              ? static_cast<llvm::Constant *>(
                    llvm::ConstantPointerNull::get(ptrTy))
              : global(llvm::ConstantDataArray::get(
                           context, ArrayRef<int64_t>(tensor.dims)),
                       "dims");
      entries.push_back(llvm::ConstantStruct::get(
          ioTy,
          {string(tensor.name), llvm::ConstantInt::get(i32Ty, tensor.elemType),
           llvm::ConstantInt::get(i32Ty, tensor.dims.size()), dims,
           pointerArray(params, "dim_params")}));
    }
    if (entries.empty())
      return llvm::ConstantPointerNull::get(ptrTy);
    return global(llvm::ConstantArray::get(
                      llvm::ArrayType::get(ioTy, entries.size()), entries),
                  name);
  }

  /// onnxc_model_io, field by field as onnxc_model_abi.h declares it.
  llvm::StructType *getModelIOType() {
    if (auto *type = llvm::StructType::getTypeByName(context, "onnxc_model_io"))
      return type;
    return llvm::StructType::create(context,
                                    {
                                        ptrTy, // const char *name
                                        i32Ty, // int32_t elem_type
                                        i32Ty, // int32_t rank
                                        ptrTy, // const int64_t *dims
                                        ptrTy, // const char *const *dim_params
                                    },
                                    "onnxc_model_io");
  }

  /// onnxc_model_info, field by field as onnxc_model_abi.h declares it.
  llvm::StructType *getModelInfoType() {
    if (auto *type =
            llvm::StructType::getTypeByName(context, "onnxc_model_info"))
      return type;
    return llvm::StructType::create(
        context,
        {
            i32Ty, // uint32_t abi_version
            i32Ty, // uint32_t num_inputs
            i32Ty, // uint32_t num_outputs
            i32Ty, // uint32_t num_checks
            ptrTy, // const onnxc_model_io *inputs
            ptrTy, // const onnxc_model_io *outputs
            ptrTy, // const char *const *check_messages
            ptrTy, // const char *signature_json
            ptrTy, // int32_t (*shapes)(void **)
            ptrTy, // int32_t (*run)(void **, onnxc_thread_pool *)
            i64Ty, // int64_t workspace_bytes
            ptrTy, // const char *target_triple
            ptrTy, // const char *target_cpu
            i32Ty, // uint32_t num_cpu_features
            ptrTy, // const char *const *cpu_features
        },
        "onnxc_model_info");
  }

  /// `name(void **descriptors)` calling `target` with the unpacked
  /// descriptor pointers.
  llvm::Function *packedWrapper(llvm::Function *target, StringRef name) {
    auto *type = llvm::FunctionType::get(target->getReturnType(), {ptrTy},
                                         /*isVarArg=*/false);
    auto *function =
        llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage,
                               "__onnxc_" + entry + "_" + name, module);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", function));
    SmallVector<llvm::Value *> args;
    for (unsigned i = 0; i < target->arg_size(); ++i)
      args.push_back(b.CreateLoad(
          ptrTy, b.CreateConstInBoundsGEP1_64(ptrTy, function->getArg(0), i)));
    llvm::CallInst *call = b.CreateCall(target, args);
    if (type->getReturnType()->isVoidTy())
      b.CreateRetVoid();
    else
      b.CreateRet(call);
    return function;
  }

  /// `i32 run(void **descriptors, onnxc_thread_pool *pool)`: `kernel` run
  /// under the model support library's guard, which turns a failed
  /// workspace allocation into status 1 and lends `pool` to the kernel's
  /// parallel loops (ModelSupport.c).
  llvm::Function *guardedRun(llvm::Function *kernel) {
    auto *guardTy = llvm::FunctionType::get(i32Ty, {ptrTy, ptrTy, ptrTy},
                                            /*isVarArg=*/false);
    llvm::FunctionCallee guard =
        module.getOrInsertFunction(ONNXC_GUARDED_RUN_SYMBOL, guardTy);
    if (auto *declaration = dyn_cast<llvm::Function>(guard.getCallee()))
      declaration->setVisibility(llvm::GlobalValue::HiddenVisibility);
    auto *function = llvm::Function::Create(
        llvm::FunctionType::get(i32Ty, {ptrTy, ptrTy}, /*isVarArg=*/false),
        llvm::GlobalValue::InternalLinkage, "__onnxc_" + entry + "_run",
        module);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", function));
    b.CreateRet(b.CreateCall(
        guard, {kernel, function->getArg(0), function->getArg(1)}));
    return function;
  }

  /// `i32 shapes(void **descriptors)`: `shapes` run under the model support
  /// library's guard, which turns a failed allocation into status -1.
  llvm::Function *guardedShapes(llvm::Function *shapes) {
    auto *guardTy = llvm::FunctionType::get(i32Ty, {ptrTy, ptrTy},
                                            /*isVarArg=*/false);
    llvm::FunctionCallee guard =
        module.getOrInsertFunction(ONNXC_GUARDED_SHAPES_SYMBOL, guardTy);
    if (auto *declaration = dyn_cast<llvm::Function>(guard.getCallee()))
      declaration->setVisibility(llvm::GlobalValue::HiddenVisibility);
    auto *function = llvm::Function::Create(
        llvm::FunctionType::get(i32Ty, {ptrTy}, /*isVarArg=*/false),
        llvm::GlobalValue::InternalLinkage, "__onnxc_" + entry + "_shapes",
        module);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", function));
    b.CreateRet(b.CreateCall(guard, {shapes, function->getArg(0)}));
    return function;
  }

  /// An exported `ptr <entry><suffix>(void)` returning `value`.
  llvm::Function *exportGetter(StringRef suffix, llvm::Constant *value) {
    auto *function = llvm::Function::Create(
        llvm::FunctionType::get(ptrTy, /*isVarArg=*/false),
        llvm::GlobalValue::ExternalLinkage, entry + suffix, module);
    function->setVisibility(llvm::GlobalValue::DefaultVisibility);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", function));
    b.CreateRet(value);
    return function;
  }

  /// Makes `function` read the model support library's version anchor:
  /// linking the model with a library of another version then fails,
  /// naming it (onnxc_model_support.h).
  void readSupportVersion(llvm::Function *function) {
    llvm::IRBuilder<> b(&function->getEntryBlock().front());
    llvm::Type *i8Ty = llvm::Type::getInt8Ty(context);
    auto *anchor = cast<llvm::GlobalVariable>(
        module.getOrInsertGlobal(ONNXC_MODEL_SUPPORT_VERSION_SYMBOL, i8Ty));
    anchor->setConstant(true);
    anchor->setVisibility(llvm::GlobalValue::HiddenVisibility);
    b.CreateLoad(i8Ty, anchor, /*isVolatile=*/true);
  }

  llvm::Module &module;
  llvm::LLVMContext &context;
  std::string entry;
  llvm::PointerType *ptrTy;
  llvm::IntegerType *i32Ty, *i64Ty;
};
} // namespace

llvm::Error compiler::buildModelABI(llvm::Module &module,
                                    const ModelSignature &signature,
                                    StringRef entry) {
  llvm::Function *kernel =
      module.getFunction("_mlir_ciface_" + signature.kernelName);
  llvm::Function *shapes =
      module.getFunction("_mlir_ciface_" + signature.shapesName);
  if (!kernel || !shapes)
    return llvm::createStringError(
        "the lowered module lacks the C interface of @" + signature.kernelName +
        " or @" + signature.shapesName);
  if (kernel->arg_size() !=
          signature.inputs.size() + signature.outputs.size() ||
      shapes->arg_size() != signature.inputs.size() + 1)
    return llvm::createStringError(
        "the kernel or shape function has an unexpected signature");

  ABIBuilder abi(module, entry);
  llvm::Constant *jsonString = abi.string(signature.toJSON(entry));

  SmallVector<llvm::Constant *> checks;
  for (const std::string &check : signature.checks)
    checks.push_back(abi.string(check));
  SmallVector<llvm::Constant *> features;
  for (const std::string &feature : signature.cpuFeatures)
    features.push_back(abi.string(feature));
  llvm::Function *run = abi.guardedRun(abi.packedWrapper(kernel, "kernel"));
  llvm::Function *shapesPacked =
      abi.guardedShapes(abi.packedWrapper(shapes, "shapes_unguarded"));
  auto *i32 = abi.i32Ty;
  auto *i64 = abi.i64Ty;
  llvm::StructType *infoTy = abi.getModelInfoType();
  llvm::Constant *info = abi.global(
      llvm::ConstantStruct::get(
          infoTy,
          {llvm::ConstantInt::get(i32, ONNXC_MODEL_ABI_VERSION),
           llvm::ConstantInt::get(i32, signature.inputs.size()),
           llvm::ConstantInt::get(i32, signature.outputs.size()),
           llvm::ConstantInt::get(i32, checks.size()),
           abi.tensors(signature.inputs, "inputs"),
           abi.tensors(signature.outputs, "outputs"),
           abi.pointerArray(checks, "checks"), jsonString, shapesPacked, run,
           llvm::ConstantInt::get(i64, signature.workspaceBytes),
           abi.string(signature.targetTriple), abi.string(signature.targetCPU),
           llvm::ConstantInt::get(i32, features.size()),
           abi.pointerArray(features, "cpu_features")}),
      "info");
  abi.readSupportVersion(abi.exportGetter(ONNXC_MODEL_SYMBOL_SUFFIX, info));
  abi.exportGetter(ONNXC_SIGNATURE_SYMBOL_SUFFIX, jsonString);

  return llvm::Error::success();
}

std::string compiler::getModelHeader(StringRef entry) {
  return llvm::formatv(
             R"(/* The entry points of the model compiled by onnx-compile --entry={0}.
 * Load it with onnxc_model_from_info({0}{1}(), &model). */
#ifndef ONNXC_MODEL_{0}_H
#define ONNXC_MODEL_{0}_H

#include "onnxc/Runtime/onnxc_runtime.h"

#ifdef __cplusplus
extern "C" {{
#endif

const onnxc_model_info *{0}{1}(void);
const char *{0}{2}(void);

#ifdef __cplusplus
}
#endif

#endif
)",
             entry, ONNXC_MODEL_SYMBOL_SUFFIX, ONNXC_SIGNATURE_SYMBOL_SUFFIX)
      .str();
}
