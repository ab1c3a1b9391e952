/// @file
/// The umbrella header: everything a notebook or program needs, without optional-dependency headers
/// (io/ needs toml++ and nlohmann-json; report/mime.hpp is for notebooks).
#ifndef ROOFCAST_ROOFCAST_HPP
#define ROOFCAST_ROOFCAST_HPP

#include <roofcast/catalog.hpp>
#include <roofcast/config.hpp>
#include <roofcast/error.hpp>
#include <roofcast/hardware/architecture.hpp>
#include <roofcast/hardware/datasheet.hpp>
#include <roofcast/hardware/dtype.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/hardware/interconnect.hpp>
#include <roofcast/hardware/mig.hpp>
#include <roofcast/hardware/validate.hpp>
#include <roofcast/model/cost.hpp>
#include <roofcast/model/defaults.hpp>
#include <roofcast/model/kernel.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/precision.hpp>
#include <roofcast/model/software.hpp>
#include <roofcast/report/gpu_report.hpp>
#include <roofcast/report/roofline.hpp>
#include <roofcast/report/stream.hpp>
#include <roofcast/report/table.hpp>
#include <roofcast/units.hpp>

#endif
