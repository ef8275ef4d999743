//===- Compiler.cpp - onnx module to native model library -----------------===//

#include "onnxc/Compiler/Compiler.h"
#include "onnxc/Dialect/ONNX/ElementTypes.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"
#include "onnxc/Importer/Importer.h"
#include "onnxc/Pipelines/Pipelines.h"
#include "onnxc/Runtime/onnxc_model_abi.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

using namespace mlir;
using namespace onnxc;

//===----------------------------------------------------------------------===//
// The model signature, as the importer left it on @main_graph
//===----------------------------------------------------------------------===//

namespace {
struct TensorSignature {
  std::string name;
  int32_t elemType = 0;
  SmallVector<int64_t> dims; // -1: dynamic.
  SmallVector<std::string> dimParams;
};

TensorSignature getTensorSignature(Type type, DictionaryAttr attrs,
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

llvm::json::Value toJSON(const TensorSignature &tensor) {
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
} // namespace

struct ModelCompiler::Signature {
  int64_t opset = 0;
  std::vector<TensorSignature> inputs, outputs;
  std::vector<std::string> checks;
  std::string kernelName, shapesName;
  /// Peak bytes of the kernel's planned workspace; -1 when dynamic.
  int64_t workspaceBytes = -1;
};

std::string onnxc::deriveEntryName(StringRef path) {
  StringRef stem = llvm::sys::path::stem(path);
  std::string name;
  for (char c : stem)
    name.push_back(llvm::isAlnum(c) ? c : '_');
  if (name.empty() || llvm::isDigit(name.front()))
    name.insert(name.begin(), '_');
  return name;
}

ModelCompiler::ModelCompiler(CompileOptions options)
    : options(std::move(options)), signature(std::make_unique<Signature>()) {}

ModelCompiler::~ModelCompiler() = default;

//===----------------------------------------------------------------------===//
// Target
//===----------------------------------------------------------------------===//

llvm::Error ModelCompiler::initialize() {
  llvm::InitializeAllTargetInfos();
  llvm::InitializeAllTargets();
  llvm::InitializeAllTargetMCs();
  llvm::InitializeAllAsmPrinters();
  llvm::InitializeAllAsmParsers();

  bool host = options.triple.empty();
  llvm::Triple triple(host ? llvm::sys::getProcessTriple() : options.triple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return llvm::createStringError("unknown target '" + triple.str() +
                                   "': " + error);
  std::string cpu = options.cpu, features;
  if (cpu.empty() || cpu == "native" || cpu == "host") {
    if (host) {
      cpu = llvm::sys::getHostCPUName().str();
      llvm::SubtargetFeatures hostFeatures;
      for (const auto &feature : llvm::sys::getHostCPUFeatures())
        hostFeatures.AddFeature(feature.first(), feature.second);
      features = hostFeatures.getString();
    } else {
      cpu = "generic";
    }
  }
  llvm::CodeGenOptLevel level = llvm::CodeGenOpt::getLevel(options.optLevel)
                                    .value_or(llvm::CodeGenOptLevel::Default);
  targetMachine.reset(
      target->createTargetMachine(triple, cpu, features, llvm::TargetOptions(),
                                  llvm::Reloc::PIC_, std::nullopt, level));
  if (!targetMachine)
    return llvm::createStringError("cannot create a target machine for '" +
                                   triple.str() + "'");
  const llvm::MCSubtargetInfo *subtarget = targetMachine->getMCSubtargetInfo();
  if (!subtarget->isCPUStringValid(cpu))
    return llvm::createStringError("unknown CPU '" + cpu + "' for '" +
                                   triple.str() + "'");
  return llvm::Error::success();
}

/// SIMD register width the target machine offers.
static unsigned getVectorBits(const llvm::TargetMachine &tm) {
  const llvm::MCSubtargetInfo *subtarget = tm.getMCSubtargetInfo();
  if (tm.getTargetTriple().isX86()) {
    if (subtarget->checkFeatures("+avx512f"))
      return 512;
    if (subtarget->checkFeatures("+avx"))
      return 256;
  }
  return 128;
}

//===----------------------------------------------------------------------===//
// MLIR stages
//===----------------------------------------------------------------------===//

LogicalResult
ModelCompiler::lower(ModuleOp module,
                     function_ref<void(PassManager &)> configure) {
  if (options.emit == EmitKind::ONNX)
    return success();
  auto mainGraph = module.lookupSymbol<func::FuncOp>(kMainGraphName);
  if (!mainGraph)
    return module.emitError("the module has no @") << kMainGraphName;
  if (auto opset = module->getAttrOfType<IntegerAttr>(
          onnx::ONNXDialect::OpsetAttrHelper::getNameStr()))
    signature->opset = opset.getInt();
  FunctionType type = mainGraph.getFunctionType();
  for (auto [i, input] : llvm::enumerate(type.getInputs()))
    signature->inputs.push_back(
        getTensorSignature(input, mainGraph.getArgAttrDict(i), i));
  for (auto [i, output] : llvm::enumerate(type.getResults()))
    signature->outputs.push_back(
        getTensorSignature(output, mainGraph.getResultAttrDict(i), i));

  ONNXToLLVMPipelineOptions pipelineOptions;
  pipelineOptions.vectorize = options.vectorize;
  pipelineOptions.fuse = options.fuse;
  pipelineOptions.vectorBits =
      options.vectorBits ? options.vectorBits
                         : (targetMachine ? getVectorBits(*targetMachine) : 0);
  // The pass managers live until the lowering ends: pass timing identifies
  // passes by address, and a pass of the second run allocated where one of
  // the first had been would be reported as that one.
  SmallVector<std::unique_ptr<PassManager>, 2> passManagers;
  auto runStages = [&](LoweringStage first, LoweringStage last) {
    passManagers.push_back(std::make_unique<PassManager>(module->getName()));
    PassManager &pm = *passManagers.back();
    configure(pm);
    buildONNXToLLVMPipeline(pm, pipelineOptions, last, first);
    return pm.run(module);
  };

  if (failed(
          runStages(LoweringStage::ONNXUpgraded, LoweringStage::ONNXUpgraded)))
    return failure();
  // The checks and the name of the shape function are known from here on.
  signature->kernelName = kMainGraphName.str();
  auto shapesRef = mainGraph->getAttrOfType<FlatSymbolRefAttr>(
      onnx::ONNXDialect::ShapeFunctionAttrHelper::getNameStr());
  if (!shapesRef)
    return mainGraph.emitError("no shape function was generated");
  signature->shapesName = shapesRef.getValue().str();
  auto shapes = module.lookupSymbol<func::FuncOp>(shapesRef.getValue());
  if (auto checks = shapes->getAttrOfType<ArrayAttr>(
          onnx::ONNXDialect::ChecksAttrHelper::getNameStr()))
    for (Attribute check : checks)
      signature->checks.push_back(cast<StringAttr>(check).str());
  if (options.emit == EmitKind::ONNXUpgraded)
    return success();

  LoweringStage last = options.emit == EmitKind::Linalg  ? LoweringStage::Linalg
                       : options.emit == EmitKind::Loops ? LoweringStage::Loops
                                                         : LoweringStage::LLVM;
  return runStages(LoweringStage::Linalg, last);
}

//===----------------------------------------------------------------------===//
// LLVM IR and the model ABI
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
    auto *ioTy =
        llvm::StructType::get(context, {ptrTy, i32Ty, i32Ty, ptrTy, ptrTy});
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

  /// `i32 run(void **descriptors)`: `kernel` run under the model support
  /// library's guard, which turns a failed workspace allocation into status
  /// 1 (ModelSupport.c).
  llvm::Function *guardedRun(llvm::Function *kernel) {
    auto *guardTy = llvm::FunctionType::get(i32Ty, {ptrTy, ptrTy},
                                            /*isVarArg=*/false);
    llvm::FunctionCallee guard =
        module.getOrInsertFunction("__onnxc_guarded_run", guardTy);
    if (auto *declaration = dyn_cast<llvm::Function>(guard.getCallee()))
      declaration->setVisibility(llvm::GlobalValue::HiddenVisibility);
    auto *function = llvm::Function::Create(
        llvm::FunctionType::get(i32Ty, {ptrTy}, /*isVarArg=*/false),
        llvm::GlobalValue::InternalLinkage, "__onnxc_" + entry + "_run",
        module);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", function));
    b.CreateRet(b.CreateCall(guard, {kernel, function->getArg(0)}));
    return function;
  }

  /// An exported `ptr name(void)` returning `value`.
  void exportGetter(StringRef name, llvm::Constant *value) {
    auto *function = llvm::Function::Create(
        llvm::FunctionType::get(ptrTy, /*isVarArg=*/false),
        llvm::GlobalValue::ExternalLinkage, entry + "_" + name, module);
    function->setVisibility(llvm::GlobalValue::DefaultVisibility);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", function));
    b.CreateRet(value);
  }

  llvm::Module &module;
  llvm::LLVMContext &context;
  std::string entry;
  llvm::PointerType *ptrTy;
  llvm::IntegerType *i32Ty, *i64Ty;
};
} // namespace

llvm::Expected<std::unique_ptr<llvm::Module>>
ModelCompiler::translate(ModuleOp module, llvm::LLVMContext &llvmContext) {
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  module->getContext()->appendDialectRegistry(registry);
  if (auto kernelFunc =
          module.lookupSymbol<LLVM::LLVMFuncOp>(signature->kernelName))
    if (auto bytes = kernelFunc->getAttrOfType<IntegerAttr>(
            onnx::ONNXDialect::WorkspaceBytesAttrHelper::getNameStr()))
      signature->workspaceBytes = bytes.getInt();
  // Our bookkeeping attributes (ONNX names, checks) mean nothing to LLVM.
  module->walk([](LLVM::LLVMFuncOp func) {
    auto isOurs = [](NamedAttribute attr) {
      return attr.getName().strref().starts_with(
          (onnx::ONNXDialect::getDialectNamespace() + ".").str());
    };
    for (NamedAttribute attr : llvm::to_vector(func->getDiscardableAttrs()))
      if (isOurs(attr))
        func->removeDiscardableAttr(attr.getName());
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      if (DictionaryAttr attrs = func.getArgAttrDict(i))
        for (NamedAttribute attr : llvm::to_vector(attrs))
          if (isOurs(attr))
            func.removeArgAttr(i, attr.getName());
  });
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext, options.entry);
  if (!llvmModule)
    return llvm::createStringError("translation to LLVM IR failed");
  llvmModule->setTargetTriple(targetMachine->getTargetTriple());
  llvmModule->setDataLayout(targetMachine->createDataLayout());

  // Everything the pipeline produced is internal; only the ABI is exported,
  // so that several models link into one program.
  for (llvm::Function &function : *llvmModule)
    if (!function.isDeclaration())
      function.setLinkage(llvm::GlobalValue::InternalLinkage);
  for (llvm::GlobalVariable &var : llvmModule->globals())
    if (!var.isDeclaration())
      var.setLinkage(llvm::GlobalValue::InternalLinkage);

  llvm::Function *kernel =
      llvmModule->getFunction("_mlir_ciface_" + signature->kernelName);
  llvm::Function *shapes =
      llvmModule->getFunction("_mlir_ciface_" + signature->shapesName);
  if (!kernel || !shapes)
    return llvm::createStringError(
        "the lowered module lacks the C interface of @" +
        signature->kernelName + " or @" + signature->shapesName);
  if (kernel->arg_size() !=
          signature->inputs.size() + signature->outputs.size() ||
      shapes->arg_size() != signature->inputs.size() + 1)
    return llvm::createStringError(
        "the kernel or shape function has an unexpected signature");

  ABIBuilder abi(*llvmModule, options.entry);
  llvm::json::Array inputs, outputs;
  for (const TensorSignature &t : signature->inputs)
    inputs.push_back(toJSON(t));
  for (const TensorSignature &t : signature->outputs)
    outputs.push_back(toJSON(t));
  std::string json;
  llvm::raw_string_ostream(json) << llvm::json::Value(llvm::json::Object{
      {"onnxc_abi", ONNXC_MODEL_ABI_VERSION},
      {"entry", options.entry},
      {"opset", signature->opset},
      {"inputs", std::move(inputs)},
      {"outputs", std::move(outputs)},
      {"workspace_bytes", signature->workspaceBytes >= 0
                              ? llvm::json::Value(signature->workspaceBytes)
                              : llvm::json::Value(nullptr)}});
  llvm::Constant *jsonString = abi.string(json);

  SmallVector<llvm::Constant *> checks;
  for (const std::string &check : signature->checks)
    checks.push_back(abi.string(check));
  llvm::Function *run = abi.guardedRun(abi.packedWrapper(kernel, "kernel"));
  llvm::Function *shapesPacked = abi.packedWrapper(shapes, "shapes");
  auto *i32 = abi.i32Ty;
  auto *i64 = abi.i64Ty;
  auto *ptr = abi.ptrTy;
  auto *infoTy = llvm::StructType::get(
      llvmContext, {i32, i32, i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, i64});
  llvm::Constant *info = abi.global(
      llvm::ConstantStruct::get(
          infoTy,
          {llvm::ConstantInt::get(i32, ONNXC_MODEL_ABI_VERSION),
           llvm::ConstantInt::get(i32, signature->inputs.size()),
           llvm::ConstantInt::get(i32, signature->outputs.size()),
           llvm::ConstantInt::get(i32, checks.size()),
           abi.tensors(signature->inputs, "inputs"),
           abi.tensors(signature->outputs, "outputs"),
           abi.pointerArray(checks, "checks"), jsonString, shapesPacked, run,
           llvm::ConstantInt::get(i64, signature->workspaceBytes)}),
      "info");
  abi.exportGetter("model", info);
  abi.exportGetter("signature", jsonString);

  std::string verifyErrors;
  llvm::raw_string_ostream verifyStream(verifyErrors);
  if (llvm::verifyModule(*llvmModule, &verifyStream))
    return llvm::createStringError("invalid LLVM IR: " + verifyErrors);

  // LLVM's own optimization pipeline, tuned for the target machine.
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder passBuilder(targetMachine.get());
  passBuilder.registerModuleAnalyses(mam);
  passBuilder.registerCGSCCAnalyses(cgam);
  passBuilder.registerFunctionAnalyses(fam);
  passBuilder.registerLoopAnalyses(lam);
  passBuilder.crossRegisterProxies(lam, fam, cgam, mam);
  static const llvm::OptimizationLevel levels[] = {
      llvm::OptimizationLevel::O0, llvm::OptimizationLevel::O1,
      llvm::OptimizationLevel::O2, llvm::OptimizationLevel::O3};
  llvm::OptimizationLevel level = levels[std::min(options.optLevel, 3u)];
  llvm::ModulePassManager mpm =
      level == llvm::OptimizationLevel::O0
          ? passBuilder.buildO0DefaultPipeline(level)
          : passBuilder.buildPerModuleDefaultPipeline(level);
  mpm.run(*llvmModule, mam);
  return llvmModule;
}

llvm::Error ModelCompiler::emitMachineCode(llvm::Module &module,
                                           llvm::raw_pwrite_stream &os,
                                           bool assembly) {
  llvm::legacy::PassManager pm;
  if (targetMachine->addPassesToEmitFile(
          pm, os, nullptr,
          assembly ? llvm::CodeGenFileType::AssemblyFile
                   : llvm::CodeGenFileType::ObjectFile))
    return llvm::createStringError("the target cannot emit this file type");
  pm.run(module);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Linking
//===----------------------------------------------------------------------===//

/// The C compiler driver used as linker: $ONNXC_CLANG, the one onnxc was
/// built with, or clang-22/clang on PATH.
static std::optional<std::string> findLinkerDriver() {
  if (const char *env = std::getenv("ONNXC_CLANG"))
    return std::string(env);
#ifdef ONNXC_DEFAULT_LINKER_DRIVER
  if (llvm::sys::fs::can_execute(ONNXC_DEFAULT_LINKER_DRIVER))
    return std::string(ONNXC_DEFAULT_LINKER_DRIVER);
#endif
  for (StringRef name : {"clang-22", "clang"})
    if (auto path = llvm::sys::findProgramByName(name))
      return *path;
  return std::nullopt;
}

/// libonnxc_model_support.a, beside the running tool: <bin>/../lib.
static std::optional<std::string> findSupportLibrary() {
  static int anchor;
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, &anchor);
  SmallString<256> path(llvm::sys::path::parent_path(exe));
  llvm::sys::path::append(path, "..", "lib", "libonnxc_model_support.a");
  if (llvm::sys::fs::exists(path))
    return std::string(path);
  return std::nullopt;
}

llvm::Error ModelCompiler::linkSharedLibrary(StringRef objectPath,
                                             StringRef outputPath) {
  std::optional<std::string> driver = findLinkerDriver();
  if (!driver)
    return llvm::createStringError(
        "no clang found to link with (set ONNXC_CLANG)");
  std::optional<std::string> support = findSupportLibrary();
  if (!support)
    return llvm::createStringError(
        "libonnxc_model_support.a not found beside onnx-compile");
  SmallVector<StringRef> args = {*driver,  "-shared",         "-fuse-ld=lld",
                                 "-o",     outputPath,        objectPath,
                                 *support, "-Wl,--as-needed", "-Wl,-z,now"};
  std::string errorMessage;
  int status = llvm::sys::ExecuteAndWait(*driver, args, std::nullopt, {}, 0, 0,
                                         &errorMessage);
  if (status != 0)
    return llvm::createStringError(
        "linking with '" + *driver + "' failed" +
        (errorMessage.empty() ? "" : ": " + errorMessage));
  return llvm::Error::success();
}
