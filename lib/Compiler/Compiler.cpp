//===- Compiler.cpp - onnx module to native model library -----------------===//

#include "onnxc/Compiler/Compiler.h"
#include "ModelABI.h"
#include "TargetTuning.h"
#include "onnxc/Compiler/OutputFile.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"
#include "onnxc/Importer/Importer.h"
#include "onnxc/Pipelines/Pipelines.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

using namespace mlir;
using namespace onnxc;

ArrayRef<EmitChoice> onnxc::getEmitChoices() {
  static const EmitChoice choices[] = {
      {"onnx", LoweringStage::ONNX, OutputKind::MLIR, ".mlir",
       "the imported onnx dialect"},
      {"onnx-upgraded", LoweringStage::ONNXUpgraded, OutputKind::MLIR, ".mlir",
       "newest op versions and the shape functions"},
      {"linalg", LoweringStage::Linalg, OutputKind::MLIR, ".mlir",
       "linalg on tensors"},
      {"loops", LoweringStage::Loops, OutputKind::MLIR, ".mlir",
       "bufferized loops with vector operations"},
      {"llvm", LoweringStage::LLVM, OutputKind::MLIR, ".mlir",
       "the MLIR LLVM dialect"},
      {"llvm-ir", LoweringStage::LLVM, OutputKind::LLVMIR, ".ll",
       "optimized LLVM IR"},
      {"asm", LoweringStage::LLVM, OutputKind::Assembly, ".s",
       "assembly for the target"},
      {"obj", LoweringStage::LLVM, OutputKind::Object, ".o", "an object file"},
      {"header", LoweringStage::ONNX, OutputKind::Header, "_model.h",
       "a C header declaring the model's entry points"},
      {"lib", LoweringStage::LLVM, OutputKind::Library, ".so",
       "a shared library (the default)"},
  };
  return choices;
}

bool onnxc::isHostTriple(const llvm::Triple &triple) {
  llvm::Triple normalized(llvm::Triple::normalize(triple.str()));
  llvm::Triple host(llvm::sys::getProcessTriple());
  // A triple that leaves the environment out ("x86_64-linux") takes the
  // host's.
  return normalized.getArch() == host.getArch() &&
         normalized.getSubArch() == host.getSubArch() &&
         normalized.getOS() == host.getOS() &&
         (normalized.getEnvironment() == llvm::Triple::UnknownEnvironment ||
          normalized.getEnvironment() == host.getEnvironment());
}

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
    : options(std::move(options)),
      signature(std::make_unique<compiler::ModelSignature>()) {}

ModelCompiler::~ModelCompiler() = default;

//===----------------------------------------------------------------------===//
// Target
//===----------------------------------------------------------------------===//

llvm::Error ModelCompiler::initialize() {
  auto invalidEntry = [&] {
    return llvm::createStringError("--entry must be a C identifier, not '" +
                                   options.entry + "'");
  };
  if (options.entry.empty() || llvm::isDigit(options.entry.front()))
    return invalidEntry();
  for (char c : options.entry)
    if (!llvm::isAlnum(c) && c != '_')
      return invalidEntry();
  if (options.optLevel > 3)
    return llvm::createStringError("invalid optimization level -O" +
                                   std::to_string(options.optLevel));
  if (options.output != OutputKind::MLIR &&
      options.output != OutputKind::Header &&
      options.stage != LoweringStage::LLVM)
    return llvm::createStringError(
        "only the LLVM dialect translates to LLVM IR and machine code");
  // The imported module needs no target.
  if (options.stage == LoweringStage::ONNX)
    return llvm::Error::success();

  llvm::InitializeAllTargetInfos();
  llvm::InitializeAllTargets();
  llvm::InitializeAllTargetMCs();
  llvm::InitializeAllAsmPrinters();
  llvm::InitializeAllAsmParsers();

  // The host's own triple, spelled out (with any vendor), still means the
  // host's CPU.
  llvm::Triple triple(options.triple.empty() ? llvm::sys::getProcessTriple()
                                             : options.triple);
  bool host = isHostTriple(triple);
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
  // Checked on the target's generic subtarget: one for an unknown CPU
  // would print LLVM's own warning first.
  std::unique_ptr<llvm::MCSubtargetInfo> generic(
      target->createMCSubtargetInfo(triple, "", ""));
  if (generic && !generic->isCPUStringValid(cpu))
    return llvm::createStringError("unknown CPU '" + cpu + "' for '" +
                                   triple.str() + "'");
  llvm::CodeGenOptLevel level = llvm::CodeGenOpt::getLevel(options.optLevel)
                                    .value_or(llvm::CodeGenOptLevel::Default);
  targetMachine.reset(
      target->createTargetMachine(triple, cpu, features, llvm::TargetOptions(),
                                  llvm::Reloc::PIC_, std::nullopt, level));
  if (!targetMachine)
    return llvm::createStringError("cannot create a target machine for '" +
                                   triple.str() + "'");

  // What a CPU must have to run the code: the features of CPUFeatures.def
  // the target machine may use.
  // Canonical names ("x86_64", not "amd64"), which the runtime compares
  // with its own architecture.
  llvm::Triple canonical(llvm::Triple::normalize(triple.str()));
  canonical.setArch(canonical.getArch(), canonical.getSubArch());
  signature->targetTriple = canonical.str();
  signature->targetCPU = cpu;
  const llvm::MCSubtargetInfo *subtarget = targetMachine->getMCSubtargetInfo();
  auto record = [&](const char *feature) {
    if (subtarget->checkFeatures(std::string("+") + feature))
      signature->cpuFeatures.push_back(feature);
  };
  if (triple.isX86()) {
#define ONNXC_X86_FEATURE(name, leaf, subleaf, reg, bit, xcr0) record(name);
#include "onnxc/Runtime/CPUFeatures.def"
  } else if (triple.isAArch64()) {
#define ONNXC_AARCH64_FEATURE(name, hwcap, bit) record(name);
#include "onnxc/Runtime/CPUFeatures.def"
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// MLIR stages
//===----------------------------------------------------------------------===//

LogicalResult
ModelCompiler::lower(ModuleOp module,
                     function_ref<void(PassManager &)> configure) {
  if (options.stage == LoweringStage::ONNX)
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
        compiler::getTensorSignature(input, mainGraph.getArgAttrDict(i), i));
  for (auto [i, output] : llvm::enumerate(type.getResults()))
    signature->outputs.push_back(compiler::getTensorSignature(
        output, mainGraph.getResultAttrDict(i), i));

  // Passes that see vector lanes as bytes (onnx-flatten-vectors) read the
  // byte order from the module's data layout, little-endian by default.
  if (targetMachine && targetMachine->createDataLayout().isBigEndian()) {
    MLIRContext *context = module.getContext();
    context->getOrLoadDialect<DLTIDialect>();
    DataLayoutEntryInterface byteOrder = DataLayoutEntryAttr::get(
        StringAttr::get(context, DLTIDialect::kDataLayoutEndiannessKey),
        StringAttr::get(context, DLTIDialect::kDataLayoutEndiannessBig));
    module->setAttr(DLTIDialect::kDataLayoutAttrName,
                    DataLayoutSpecAttr::get(context, byteOrder));
  }

  ONNXToLLVMPipelineOptions pipelineOptions;
  pipelineOptions.vectorize = options.vectorize;
  pipelineOptions.fuse = options.fuse;
  pipelineOptions.alignCornersByOutputLength =
      options.alignCornersByOutputLength;
  pipelineOptions.vectorBits =
      options.vectorBits
          ? options.vectorBits
          : (targetMachine ? compiler::getTargetVectorBits(*targetMachine) : 0);
  pipelineOptions.streamingThresholdBytes =
      options.streamingThresholdBytes.value_or(
          compiler::getDefaultStreamingThreshold());
  pipelineOptions.streamingPageStreams =
      compiler::getStreamingPageStreams(targetMachine.get());
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
  if (options.stage == LoweringStage::ONNXUpgraded)
    return success();
  return runStages(LoweringStage::Linalg, options.stage);
}

llvm::Error ModelCompiler::write(ModuleOp module, OutputFile &out) {
  if (options.output == OutputKind::MLIR) {
    // Ends with a newline, as onnx-opt's output does.
    module->print(out.os());
    out.os() << '\n';
    return llvm::Error::success();
  }
  if (options.output == OutputKind::Header) {
    out.os() << compiler::getModelHeader(options.entry);
    return llvm::Error::success();
  }
  llvm::LLVMContext llvmContext;
  auto llvmModule = translate(module, llvmContext);
  if (!llvmModule)
    return llvmModule.takeError();
  switch (options.output) {
  case OutputKind::MLIR:
  case OutputKind::Header:
    break;
  case OutputKind::LLVMIR:
    (*llvmModule)->print(out.os(), nullptr);
    break;
  case OutputKind::Assembly:
  case OutputKind::Object:
    return emitMachineCode(**llvmModule, out.os(),
                           options.output == OutputKind::Assembly);
  case OutputKind::Library: {
    if (out.tempPath().empty())
      return llvm::createStringError(
          "a shared library cannot be written to stdout; use -o FILE");
    // The object goes to its own scratch file, the link to `out`'s.
    auto object = OutputFile::createScratch(options.entry, "o");
    if (!object)
      return object.takeError();
    if (llvm::Error error = emitMachineCode(**llvmModule, object->os(),
                                            /*assembly=*/false))
      return error;
    object->os().flush();
    return linkSharedLibrary(object->tempPath(), out.tempPath());
  }
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// LLVM IR and the model ABI
//===----------------------------------------------------------------------===//

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
  // The checks as lowered: onnx-plan-memory may have added one.
  if (auto shapesFunc =
          module.lookupSymbol<LLVM::LLVMFuncOp>(signature->shapesName))
    if (auto checks = shapesFunc->getAttrOfType<ArrayAttr>(
            onnx::ONNXDialect::ChecksAttrHelper::getNameStr())) {
      signature->checks.clear();
      for (Attribute check : checks)
        signature->checks.push_back(cast<StringAttr>(check).str());
    }
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
  // so that several models link into one program. Frames may hold row
  // buffers larger than a page (onnx-stack-buffers): probed page by page,
  // a thread short of stack faults on its guard page instead of writing
  // below it.
  for (llvm::Function &function : *llvmModule)
    if (!function.isDeclaration()) {
      function.setLinkage(llvm::GlobalValue::InternalLinkage);
      function.addFnAttr("probe-stack", "inline-asm");
    }
  for (llvm::GlobalVariable &var : llvmModule->globals())
    if (!var.isDeclaration())
      var.setLinkage(llvm::GlobalValue::InternalLinkage);

  if (llvm::Error error =
          compiler::buildModelABI(*llvmModule, *signature, options.entry))
    return std::move(error);

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

  // LLVM turns code it proves undefined (an fptosi of NaN used as a size, a
  // division by zero) into `unreachable`: every run taking that path would
  // execute whatever follows. The lowering validates before such
  // arithmetic, so none may be left; one that is left is onnxc's bug, and
  // the model is refused rather than compiled into a crash.
  for (llvm::Function &function : *llvmModule)
    for (llvm::BasicBlock &block : function)
      if (llvm::isa<llvm::UnreachableInst>(block.getTerminator()))
        return llvm::createStringError(
            "internal error: the code generated for '" +
            function.getName().str() +
            "' is undefined on some inputs (LLVM reduced a path to "
            "'unreachable'); please report this model");
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
