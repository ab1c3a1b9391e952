/// @file
/// The umbrella header: roofcast's core, which needs Boost (Boost.Units) and nothing else. It includes
/// exactly these headers:
///
/// * basics: config.hpp, error.hpp, units.hpp, format.hpp, catalog.hpp (the built-in GPUs and workloads);
/// * hardware/: architecture, datasheet, dtype, gpu_spec, interconnect, mig, validate;
/// * workload/: cnn, cnn_models, transformer, validate, workload;
/// * model/: run_config (the run and its options), plan (resolve), kernel, lowering, lower_workload,
///   precision, params, defaults, software, cost, memory, confidence, predict, compare, scaling, summary,
///   sweep, queueing, training_plan (plan_training), serving_plan (plan_serving), serving_load
///   (serve_under_load);
/// * report/: table, gpu_report, prediction_report, workload_report, roofline, stream, planning_report.
///
/// Optional components have headers of their own, outside the umbrella: io/ (TOML files with toml++, JSON with
/// nlohmann-json, measurement CSV), calibrate/ (validation against measurements; fitting with Eigen),
/// report/validation_report.hpp, report/calibration_report.hpp and report/mime.hpp (notebook display,
/// nlohmann-json).
#ifndef ROOFCAST_ROOFCAST_HPP
#define ROOFCAST_ROOFCAST_HPP

#include <roofcast/catalog.hpp>
#include <roofcast/config.hpp>
#include <roofcast/error.hpp>
#include <roofcast/format.hpp>
#include <roofcast/hardware/architecture.hpp>
#include <roofcast/hardware/datasheet.hpp>
#include <roofcast/hardware/dtype.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/hardware/interconnect.hpp>
#include <roofcast/hardware/mig.hpp>
#include <roofcast/hardware/validate.hpp>
#include <roofcast/model/compare.hpp>
#include <roofcast/model/confidence.hpp>
#include <roofcast/model/cost.hpp>
#include <roofcast/model/defaults.hpp>
#include <roofcast/model/kernel.hpp>
#include <roofcast/model/lower_workload.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/model/memory.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/plan.hpp>
#include <roofcast/model/precision.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/model/queueing.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/model/scaling.hpp>
#include <roofcast/model/serving_load.hpp>
#include <roofcast/model/serving_plan.hpp>
#include <roofcast/model/software.hpp>
#include <roofcast/model/summary.hpp>
#include <roofcast/model/sweep.hpp>
#include <roofcast/model/training_plan.hpp>
#include <roofcast/report/gpu_report.hpp>
#include <roofcast/report/planning_report.hpp>
#include <roofcast/report/prediction_report.hpp>
#include <roofcast/report/roofline.hpp>
#include <roofcast/report/stream.hpp>
#include <roofcast/report/table.hpp>
#include <roofcast/report/workload_report.hpp>
#include <roofcast/units.hpp>
#include <roofcast/workload/cnn.hpp>
#include <roofcast/workload/cnn_models.hpp>
#include <roofcast/workload/transformer.hpp>
#include <roofcast/workload/validate.hpp>
#include <roofcast/workload/workload.hpp>

#endif
