// clang-format off
/// @file
/// The built-in GPU catalog. GENERATED from models/gpus/*.toml by roofcast-gen-catalog
/// (`cmake --build build --target regenerate-catalog`); do not edit by hand.
#ifndef ROOFCAST_DETAIL_BUILTIN_GPUS_HPP
#define ROOFCAST_DETAIL_BUILTIN_GPUS_HPP

#include <roofcast/hardware/gpu_spec.hpp>

#include <utility>
#include <vector>

namespace roofcast {
namespace detail {

/// Every GPU of models/gpus/, ordered by architecture, then name.
inline std::vector<gpu_spec> builtin_gpus() {
    std::vector<gpu_spec> v;
    v.reserve(25);
    {  // models/gpus/v100-pcie-16gb.toml
        gpu_spec g;
        g.name = "V100-PCIe-16GB";
        g.aliases = {"Tesla V100-PCIE-16GB", "V100-16GB-PCIe"};
        g.vendor = "NVIDIA";
        g.arch = architecture::volta;
        g.chip = "GV100";
        g.compute_capability = "7.0";
        g.segment = market_segment::datacenter;
        g.form_factor = "PCIe";
        g.launch = "2017-06-21";
        g.notes = "Boost clock: 1380 MHz is the clock the device reports (TPU S8; the same figure is device-reported on the 32 GB card, S34) and\nis kept as boost_clock_mhz. It over-predicts the 14 / 7 / 112 TFLOPS datasheet by 0.9%; 1370 MHz (S9, 'about 1370 MHz' in\nS31) reproduces the datasheet exactly, so NVIDIA rated the card at 1370 MHz.\nTDP: 250 W (datasheet via S9, S31) against 300 W in the TPU mirror (S8); 250 W kept.\nBandwidth: 900 GB/s (datasheet) against 897 GB/s in the TPU mirror (876 MHz); the V100-family 877.5 MHz DDR (S1) is kept.\nusable_mib: newer drivers report 16384 MiB (S49); the 440-series driver reported 16160 MiB. The newer value is kept.";
        g.sm_count = 80;
        g.fp32_lanes_per_sm = 64;
        g.tensor_cores_per_sm = 8;
        g.boost_clock = 1380000000.0 * units::hertz;
        g.base_clock = 1245000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::hbm2;
        g.marketed_memory = 16000000000.0 * units::byte;
        g.usable_memory = 17179869184.0 * units::byte;
        g.bus_width_bits = 4096;
        g.memory_data_rate = 1755000000.0 * units::hertz;
        g.l2_cache = 6291456.0 * units::byte;
        g.tdp = 250.0 * units::watt;
        g.pcie_gen = 3;
        g.datasheet.fp64 = 7000000000000.0 * units::flop_per_second;
        g.datasheet.fp32 = 14000000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 112000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 900000000000.0 * units::byte_per_second;
        g.sources = {
            {"S1", "NVIDIA Developer Blog 'NVIDIA Ampere Architecture In-Depth' (May 2020): Tables 1, 3, 4 (V100/A100 counts, clocks, peaks, memory, L2, TDP, compute capability)"},
            {"S31", "V100 PCIe launch coverage, June 2017 (io-tech.fi, hwupgrade.it): boost about 1370 MHz, 28 / 14 / 7 / 112 TFLOPS, 1.75 Gbps x 4096-bit = 900 GB/s, 250 W"},
            {"S34", "Public device logs naming the 32 GB V100 SKUs: nvidia-smi / PyTorch device names, TensorFlow log on a V100-PCIE-32GB (1.38 GHz), CUDA GEMM log on a V100-SXM3-32GB (peak bandwidth 980.992 GB/s)"},
            {"S49", "nvidia-smi in a public GitHub file (search-index id 70349799492): 'Tesla V100-PCIE-16GB, 16384 MiB, 580.126.09' (same host lists 'NVIDIA A10, 23028 MiB'); driver 440.33.01 printed 16160MiB on a 250 W V100-PCIE (id 41793004532)"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"},
            {"S9", "Mila IGUANE/UGR GPU-unit calculator (public Python code): per-GPU derivations citing datasheets (V100 PCIe 1370 MHz, H100 1830/1980 and 1620/1755 MHz)"}};
        g.origin = "built-in (models/gpus/v100-pcie-16gb.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/v100-pcie-32gb.toml
        gpu_spec g;
        g.name = "V100-PCIe-32GB";
        g.aliases = {"Tesla V100-PCIE-32GB", "V100-32GB-PCIe"};
        g.vendor = "NVIDIA";
        g.arch = architecture::volta;
        g.chip = "GV100";
        g.compute_capability = "7.0";
        g.segment = market_segment::datacenter;
        g.form_factor = "PCIe";
        g.launch = "2018-03-27";
        g.notes = "Same GV100 configuration, clocks and peaks as V100-PCIe-16GB; only capacity differs. Boost: 1380 MHz is device-reported\n(TensorFlow log, S34; S32) and kept; it over-predicts the 14 / 7 / 112 TFLOPS datasheet by 0.9%, while 1370 MHz (S9, S31)\nreproduces it exactly. Base clock 1230 MHz (S32) against 1245 MHz listed for the 16 GB card (S8): unresolved, 1230 kept.\nusable_mib: newer drivers report 32768 MiB (S50); older drivers reported 32510 MiB. The newer value is kept.";
        g.sm_count = 80;
        g.fp32_lanes_per_sm = 64;
        g.tensor_cores_per_sm = 8;
        g.boost_clock = 1380000000.0 * units::hertz;
        g.base_clock = 1230000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::hbm2;
        g.marketed_memory = 32000000000.0 * units::byte;
        g.usable_memory = 34359738368.0 * units::byte;
        g.bus_width_bits = 4096;
        g.memory_data_rate = 1755000000.0 * units::hertz;
        g.l2_cache = 6291456.0 * units::byte;
        g.tdp = 250.0 * units::watt;
        g.pcie_gen = 3;
        g.datasheet.fp64 = 7000000000000.0 * units::flop_per_second;
        g.datasheet.fp32 = 14000000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 112000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 900000000000.0 * units::byte_per_second;
        g.sources = {
            {"S1", "NVIDIA Developer Blog 'NVIDIA Ampere Architecture In-Depth' (May 2020): Tables 1, 3, 4 (V100/A100 counts, clocks, peaks, memory, L2, TDP, compute capability)"},
            {"S31", "V100 PCIe launch coverage, June 2017 (io-tech.fi, hwupgrade.it): boost about 1370 MHz, 28 / 14 / 7 / 112 TFLOPS, 1.75 Gbps x 4096-bit = 900 GB/s, 250 W"},
            {"S32", "hmc-tech.com comparison page for the 32 GB V100 PCIe card: 1230 / 1380 MHz, 80 SM, 640 TC, 6 MB L2, 250 W, release 2018-03-27"},
            {"S34", "Public device logs naming the 32 GB V100 SKUs: nvidia-smi / PyTorch device names, TensorFlow log on a V100-PCIE-32GB (1.38 GHz), CUDA GEMM log on a V100-SXM3-32GB (peak bandwidth 980.992 GB/s)"},
            {"S50", "nvidia-smi in a public GitHub file (search-index id 61178370208): 'Tesla V100-PCIE-32GB, 32768 MiB', driver 575.57.08, cc 7.0; older drivers print 32510MiB on 250 W V100-PCIE cards (id 5948198969)"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"},
            {"S9", "Mila IGUANE/UGR GPU-unit calculator (public Python code): per-GPU derivations citing datasheets (V100 PCIe 1370 MHz, H100 1830/1980 and 1620/1755 MHz)"}};
        g.origin = "built-in (models/gpus/v100-pcie-32gb.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/v100-sxm2-16gb.toml
        gpu_spec g;
        g.name = "V100-SXM2-16GB";
        g.aliases = {"Tesla V100-SXM2-16GB", "V100-16GB-SXM2"};
        g.vendor = "NVIDIA";
        g.arch = architecture::volta;
        g.chip = "GV100";
        g.compute_capability = "7.0";
        g.segment = market_segment::datacenter;
        g.form_factor = "SXM2";
        g.launch = "2017-05-10";
        g.notes = "The pre-launch (May 2017) Volta table gave 1455 MHz / 15 / 7.5 / 120 TFLOPS (S23); the shipping part is 1530 MHz,\n15.7 / 7.8 / 125 TFLOPS (S1), which this file keeps. SXM2 base clock not found in a trustworthy source, so it is left out.\nusable_mib: R5xx-and-later drivers report 16384 MiB (S47); older drivers reported 16160 MiB (440-460 series) or\n16130 MiB (410 series), because they subtracted reserved memory from the total. The newer value is kept.";
        g.sm_count = 80;
        g.fp32_lanes_per_sm = 64;
        g.tensor_cores_per_sm = 8;
        g.boost_clock = 1530000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::hbm2;
        g.marketed_memory = 16000000000.0 * units::byte;
        g.usable_memory = 17179869184.0 * units::byte;
        g.bus_width_bits = 4096;
        g.memory_data_rate = 1755000000.0 * units::hertz;
        g.l2_cache = 6291456.0 * units::byte;
        g.tdp = 300.0 * units::watt;
        g.pcie_gen = 3;
        g.nvlink_generation = 2;
        g.nvlink_bandwidth = 300000000000.0 * units::byte_per_second;
        g.datasheet.fp64 = 7800000000000.0 * units::flop_per_second;
        g.datasheet.fp32 = 15700000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 125000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 900000000000.0 * units::byte_per_second;
        g.sources = {
            {"S1", "NVIDIA Developer Blog 'NVIDIA Ampere Architecture In-Depth' (May 2020): Tables 1, 3, 4 (V100/A100 counts, clocks, peaks, memory, L2, TDP, compute capability)"},
            {"S23", "May-2017 Volta launch table (techrival.com / wccf.tech copies): pre-launch 1455 MHz / 15 / 7.5 / 120 TFLOPS"},
            {"S47", "nvidia-smi in a public GitHub file (search-index id 68456302937): 'Tesla V100-SXM2-16GB, 16384 MiB', driver 581.15; older drivers: 16160 MiB (HF transformers docs model_memory_anatomy, driver 460.32.03, id 332666506) and 16130 MiB (driver 410.57, id 26487723934)"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"},
            {"S9", "Mila IGUANE/UGR GPU-unit calculator (public Python code): per-GPU derivations citing datasheets (V100 PCIe 1370 MHz, H100 1830/1980 and 1620/1755 MHz)"}};
        g.origin = "built-in (models/gpus/v100-sxm2-16gb.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/v100-sxm2-32gb.toml
        gpu_spec g;
        g.name = "V100-SXM2-32GB";
        g.aliases = {"Tesla V100-SXM2-32GB", "V100-32GB-SXM2"};
        g.vendor = "NVIDIA";
        g.arch = architecture::volta;
        g.chip = "GV100";
        g.compute_capability = "7.0";
        g.segment = market_segment::datacenter;
        g.form_factor = "SXM2";
        g.launch = "2018-03-27";
        g.notes = "Same GV100 configuration, clocks and peaks as V100-SXM2-16GB (S1 lists 'Memory Size 32 GB / 16 GB'); only capacity differs.\nllm-analysis's v100-sxm-16gb config carries 32 GB (a copy error in that repository, S26); it is not used here.\nusable_mib: newer drivers report 32768 MiB (S48); older drivers reported 32510 MiB. The newer value is kept.";
        g.sm_count = 80;
        g.fp32_lanes_per_sm = 64;
        g.tensor_cores_per_sm = 8;
        g.boost_clock = 1530000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::hbm2;
        g.marketed_memory = 32000000000.0 * units::byte;
        g.usable_memory = 34359738368.0 * units::byte;
        g.bus_width_bits = 4096;
        g.memory_data_rate = 1755000000.0 * units::hertz;
        g.l2_cache = 6291456.0 * units::byte;
        g.tdp = 300.0 * units::watt;
        g.pcie_gen = 3;
        g.nvlink_generation = 2;
        g.nvlink_bandwidth = 300000000000.0 * units::byte_per_second;
        g.datasheet.fp64 = 7800000000000.0 * units::flop_per_second;
        g.datasheet.fp32 = 15700000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 125000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 900000000000.0 * units::byte_per_second;
        g.sources = {
            {"S1", "NVIDIA Developer Blog 'NVIDIA Ampere Architecture In-Depth' (May 2020): Tables 1, 3, 4 (V100/A100 counts, clocks, peaks, memory, L2, TDP, compute capability)"},
            {"S26", "Open-source tables: hahnyuan/LLM-Viewer hardware_params.py; cli99/llm-analysis gpu_configs; calculon-ai/calculon systems"},
            {"S48", "nvidia-smi in a public GitHub file (search-index id 68680818775): 'Tesla V100-SXM2-32GB, 32768 MiB', 300 W, 1530/877 MHz, driver 580.178.04; older drivers print 32510MiB (e.g. search-index id 32186430734)"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"},
            {"S9", "Mila IGUANE/UGR GPU-unit calculator (public Python code): per-GPU derivations citing datasheets (V100 PCIe 1370 MHz, H100 1830/1980 and 1620/1755 MHz)"}};
        g.origin = "built-in (models/gpus/v100-sxm2-32gb.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/v100-sxm3-32gb.toml
        gpu_spec g;
        g.name = "V100-SXM3-32GB";
        g.aliases = {"Tesla V100-SXM3-32GB", "Tesla V100-SXM3-32GB-H", "V100-32GB-SXM3"};
        g.vendor = "NVIDIA";
        g.arch = architecture::volta;
        g.chip = "GV100";
        g.compute_capability = "7.0";
        g.segment = market_segment::datacenter;
        g.form_factor = "SXM3";
        g.launch = "2018-03-27";
        g.notes = "This file describes the DGX-2 part ('Tesla V100-SXM3-32GB', 350 W). The DGX-2H part ('Tesla V100-SXM3-32GB-H') runs at\n450 W and higher clocks (S33: 2.1 PFLOPS per 16 GPUs, about 1602 MHz tensor clock implied); its nvidia-smi name is listed\nas an alias so it resolves to the closest entry, but predictions for it will be about 5% low.\nNo per-GPU FP32 / FP64 / bandwidth claim exists: NVIDIA published only DGX-2 system figures. fp16_tflops = 125 is the DGX-2\n'2 PFLOPS' tensor figure divided by its 16 GPUs (S33), which 1530 MHz reproduces.\nBoost: 1530 MHz (TPU S8) is the only stated figure; a public cuBLAS FP32 GEMM log on a non-H part reached 15.95 TFLOPS (S34),\nabove the 15.67 allowed at 1530 MHz, so treat 1530 as a floor.\nMemory data rate: the device reports a 958 MHz DDR memory clock (peak bandwidth 980.992 GB/s = 1.916 Gbps x 4096 bits, S34),\nagainst 876 MHz / 897 GB/s in the TPU mirror (S8, apparently copied from the SXM2 part) and 1.75 Gbps for the V100 family\n(S1). The device-reported 1.916 Gbps is kept because it was read from this SKU and there is no datasheet bandwidth to match.\nTDP: 350 W at DGX-2 launch (S33) against 250 W in the TPU mirror (S8); 350 W kept (450 W on DGX-2H).\nusable_mib: newer drivers report 32768 MiB (S51); in 2018 a 16-GPU, 350 W DGX-2 reported 32510 MiB. The newer value is kept.";
        g.sm_count = 80;
        g.fp32_lanes_per_sm = 64;
        g.tensor_cores_per_sm = 8;
        g.boost_clock = 1530000000.0 * units::hertz;
        g.base_clock = 1290000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::hbm2;
        g.marketed_memory = 32000000000.0 * units::byte;
        g.usable_memory = 34359738368.0 * units::byte;
        g.bus_width_bits = 4096;
        g.memory_data_rate = 1916000000.0 * units::hertz;
        g.l2_cache = 6291456.0 * units::byte;
        g.tdp = 350.0 * units::watt;
        g.pcie_gen = 3;
        g.nvlink_generation = 2;
        g.nvlink_bandwidth = 300000000000.0 * units::byte_per_second;
        g.datasheet.fp16 = 125000000000000.0 * units::flop_per_second;
        g.sources = {
            {"S1", "NVIDIA Developer Blog 'NVIDIA Ampere Architecture In-Depth' (May 2020): Tables 1, 3, 4 (V100/A100 counts, clocks, peaks, memory, L2, TDP, compute capability)"},
            {"S33", "DGX-2 / DGX-2H coverage (Tom's Hardware; tomshw.it citing ServeTheHome; pcper.com; geektopia.es): 16x V100 32 GB, 2 / 2.1 PFLOPS, 350 / 450 W per GPU, NVSwitch 300 GB/s per GPU"},
            {"S34", "Public device logs naming the 32 GB V100 SKUs: nvidia-smi / PyTorch device names, TensorFlow log on a V100-PCIE-32GB (1.38 GHz), CUDA GEMM log on a V100-SXM3-32GB (peak bandwidth 980.992 GB/s)"},
            {"S51", "nvidia-smi in public GitHub files: 'two NVIDIA Tesla V100-SXM3-32GB, 32,768 MiB each, compute capability 7.0, driver 580.126.20' (search-index id 68411706063); a 16-GPU DGX-2 at 350 W power caps printing 32510MiB with driver 410.33 in 2018 (id 26487723934)"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"}};
        g.origin = "built-in (models/gpus/v100-sxm3-32gb.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/t4.toml
        gpu_spec g;
        g.name = "T4";
        g.aliases = {"Tesla T4", "NVIDIA T4"};
        g.vendor = "NVIDIA";
        g.arch = architecture::turing;
        g.chip = "TU104";
        g.compute_capability = "7.5";
        g.segment = market_segment::datacenter;
        g.form_factor = "PCIe";
        g.launch = "2018-09-13";
        g.notes = "Bandwidth: NVIDIA's product page says '320+ GB/s' (S18) and 256-bit x 10 Gbps gives 320 GB/s (S8), while a secondary source\nsays the datasheet prints 300 GB/s. 320 GB/s is kept.\nTDP: 70 W (NVIDIA, S18) against 75 W in some launch news; 70 W kept.\nFP64: NVIDIA publishes no T4 FP64 figure (the TPU mirror's 0.254 TFLOPS is not a datasheet claim), so none is listed.\nusable_mib: newer drivers report 15360 MiB (S52); older drivers reported 15109 MiB. The newer value is kept.";
        g.sm_count = 40;
        g.fp32_lanes_per_sm = 64;
        g.tensor_cores_per_sm = 8;
        g.boost_clock = 1590000000.0 * units::hertz;
        g.base_clock = 585000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::gddr6;
        g.marketed_memory = 16000000000.0 * units::byte;
        g.usable_memory = 16106127360.0 * units::byte;
        g.bus_width_bits = 256;
        g.memory_data_rate = 10000000000.0 * units::hertz;
        g.l2_cache = 4194304.0 * units::byte;
        g.tdp = 70.0 * units::watt;
        g.pcie_gen = 3;
        g.datasheet.fp32 = 8100000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 65000000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 130000000000000.0 * units::flop_per_second;
        g.datasheet.int4 = 260000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 320000000000.0 * units::byte_per_second;
        g.sources = {
            {"S18", "NVIDIA T4 product-page values quoted in repos (2560 / 320, 8.1, 65, 130, 260, 16 GB, 320+ GB/s, 70 W, PCIe Gen3 x16)"},
            {"S52", "nvidia-smi in public GitHub files: 'Tesla T4, 15360 MiB, 580.159.04' (search-index id 68477666881) and 'Tesla T4, 15360 MiB, 7.5, 550.54.15' (id 69562736807); older drivers print 15109MiB (nvidia-smi table, 70 W Tesla T4, id 44399931111)"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"}};
        g.origin = "built-in (models/gpus/t4.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/a100-pcie-40gb.toml
        gpu_spec g;
        g.name = "A100-PCIe-40GB";
        g.aliases = {"NVIDIA A100-PCIE-40GB", "A100-40GB-PCIe"};
        g.vendor = "NVIDIA";
        g.arch = architecture::ampere_ga100;
        g.chip = "GA100";
        g.compute_capability = "8.0";
        g.segment = market_segment::datacenter;
        g.form_factor = "PCIe";
        g.launch = "2020-06-22";
        g.notes = "The A100 peaks (9.7 / 19.5 / 156 / 312 / 624 TFLOPS, dense; sparse doubles the tensor figures) are the same on every A100 SKU:\nall run 108 SMs at 1410 MHz (S1, S4).\nTDP: 250 W for this 40 GB PCIe card (S8, S9); the 80 GB PCIe card is 300 W (S4), a different SKU.\nNVLink: the 600 GB/s two-GPU bridge figure is stated on the 80 GB PCIe datasheet (S4) and applies to the 40 GB card's bridge too.\nBandwidth: NVIDIA's launch PR rounded 1555 GB/s to 1.6 TB/s; 1555 is kept.\nusable_mib: newer drivers report 40960 MiB (S54); older drivers reported 40536 MiB. The newer value is kept.";
        g.sm_count = 108;
        g.fp32_lanes_per_sm = 64;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 1410000000.0 * units::hertz;
        g.base_clock = 765000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::hbm2;
        g.marketed_memory = 40000000000.0 * units::byte;
        g.usable_memory = 42949672960.0 * units::byte;
        g.bus_width_bits = 5120;
        g.memory_data_rate = 2430000000.0 * units::hertz;
        g.l2_cache = 41943040.0 * units::byte;
        g.tdp = 250.0 * units::watt;
        g.pcie_gen = 4;
        g.nvlink_generation = 3;
        g.nvlink_bandwidth = 600000000000.0 * units::byte_per_second;
        g.datasheet.fp64 = 9700000000000.0 * units::flop_per_second;
        g.datasheet.fp64_tensor = 19500000000000.0 * units::flop_per_second;
        g.datasheet.fp32 = 19500000000000.0 * units::flop_per_second;
        g.datasheet.tf32 = 156000000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 312000000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 312000000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 624000000000000.0 * units::flop_per_second;
        g.datasheet.int4 = 1248000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 1555000000000.0 * units::byte_per_second;
        g.sources = {
            {"S1", "NVIDIA Developer Blog 'NVIDIA Ampere Architecture In-Depth' (May 2020): Tables 1, 3, 4 (V100/A100 counts, clocks, peaks, memory, L2, TDP, compute capability)"},
            {"S27", "upb-pc2 wiki CUDA deviceQuery of an A100 40GB SXM (108 SM, 1410 MHz, 1215 MHz memory, 5120-bit, 40 MiB L2)"},
            {"S4", "NVIDIA A100 80GB datasheet, transcribed in a repo notes file: 1,935 GB/s & 300 W (PCIe), 2,039 GB/s & 400 W (SXM), NVLink 600 GB/s, PCIe Gen4"},
            {"S54", "nvidia-smi in a public GitHub file (search-index id 56698803036): 'one idle NVIDIA A100-PCIE-40GB, 40,960 MiB, driver 570.211.01'; older drivers report 40536 (test fixture, id 69397017562)"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"},
            {"S9", "Mila IGUANE/UGR GPU-unit calculator (public Python code): per-GPU derivations citing datasheets (V100 PCIe 1370 MHz, H100 1830/1980 and 1620/1755 MHz)"}};
        g.origin = "built-in (models/gpus/a100-pcie-40gb.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/a100-pcie-80gb.toml
        gpu_spec g;
        g.name = "A100-PCIe-80GB";
        g.aliases = {"NVIDIA A100 80GB PCIe", "A100-80GB-PCIe"};
        g.vendor = "NVIDIA";
        g.arch = architecture::ampere_ga100;
        g.chip = "GA100";
        g.compute_capability = "8.0";
        g.segment = market_segment::datacenter;
        g.form_factor = "PCIe";
        g.launch = "2021-06-28";
        g.notes = "The A100 peaks (9.7 / 19.5 / 156 / 312 / 624 TFLOPS, dense; sparse doubles the tensor figures) are the same on every A100 SKU:\nall run 108 SMs at 1410 MHz (S1, S4).\nBandwidth: 1935 GB/s (S4). Some tools reuse the 40 GB card's 1555 GB/s for 80 GB parts (S9); the datasheet value is kept.\nThe per-pin data rate is backed out of it (1935 / 640 bytes = 3.024 Gbps); the SXM4 80 GB part runs 3.186 Gbps (S28).\nA base clock of 1065 MHz appears only in an unsourced repo note, so it is left out.\nusable_mib: 81920 MiB as printed by current drivers (S56).";
        g.sm_count = 108;
        g.fp32_lanes_per_sm = 64;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 1410000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::hbm2e;
        g.marketed_memory = 80000000000.0 * units::byte;
        g.usable_memory = 85899345920.0 * units::byte;
        g.bus_width_bits = 5120;
        g.memory_data_rate = 3024000000.0 * units::hertz;
        g.l2_cache = 41943040.0 * units::byte;
        g.tdp = 300.0 * units::watt;
        g.pcie_gen = 4;
        g.nvlink_generation = 3;
        g.nvlink_bandwidth = 600000000000.0 * units::byte_per_second;
        g.datasheet.fp64 = 9700000000000.0 * units::flop_per_second;
        g.datasheet.fp64_tensor = 19500000000000.0 * units::flop_per_second;
        g.datasheet.fp32 = 19500000000000.0 * units::flop_per_second;
        g.datasheet.tf32 = 156000000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 312000000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 312000000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 624000000000000.0 * units::flop_per_second;
        g.datasheet.int4 = 1248000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 1935000000000.0 * units::byte_per_second;
        g.sources = {
            {"S1", "NVIDIA Developer Blog 'NVIDIA Ampere Architecture In-Depth' (May 2020): Tables 1, 3, 4 (V100/A100 counts, clocks, peaks, memory, L2, TDP, compute capability)"},
            {"S28", "svethardware.cz: A100 80GB HBM2e at 3.186 Gbps per pin -> 2039 GB/s"},
            {"S4", "NVIDIA A100 80GB datasheet, transcribed in a repo notes file: 1,935 GB/s & 300 W (PCIe), 2,039 GB/s & 400 W (SXM), NVLink 600 GB/s, PCIe Gen4"},
            {"S56", "nvidia-smi in a public GitHub file (search-index id 68932899121): 'NVIDIA A100 80GB PCIe, 81920 MiB, 595.71.05'"},
            {"S9", "Mila IGUANE/UGR GPU-unit calculator (public Python code): per-GPU derivations citing datasheets (V100 PCIe 1370 MHz, H100 1830/1980 and 1620/1755 MHz)"}};
        g.origin = "built-in (models/gpus/a100-pcie-80gb.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/a100-sxm4-40gb.toml
        gpu_spec g;
        g.name = "A100-SXM4-40GB";
        g.aliases = {"NVIDIA A100-SXM4-40GB", "A100-40GB-SXM4", "A100-SXM-40GB"};
        g.vendor = "NVIDIA";
        g.arch = architecture::ampere_ga100;
        g.chip = "GA100";
        g.compute_capability = "8.0";
        g.segment = market_segment::datacenter;
        g.form_factor = "SXM4";
        g.launch = "2020-05-14";
        g.notes = "The A100 peaks (9.7 / 19.5 / 156 / 312 / 624 TFLOPS, dense; sparse doubles the tensor figures) are the same on every A100 SKU:\nall run 108 SMs at 1410 MHz (S1, S4).\nBase clock for the SXM4 part not found in a trustworthy source, so it is left out. A public deviceQuery (S27) confirms\n108 SMs, 1410 MHz, 1215 MHz memory clock, 5120-bit and 40 MiB L2.\nBandwidth: NVIDIA's launch PR rounded 1555 GB/s to 1.6 TB/s; 1555 is kept.\nusable_mib: newer drivers report 40960 MiB (S55); older drivers reported 40536 MiB. The newer value is kept.";
        g.sm_count = 108;
        g.fp32_lanes_per_sm = 64;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 1410000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::hbm2;
        g.marketed_memory = 40000000000.0 * units::byte;
        g.usable_memory = 42949672960.0 * units::byte;
        g.bus_width_bits = 5120;
        g.memory_data_rate = 2430000000.0 * units::hertz;
        g.l2_cache = 41943040.0 * units::byte;
        g.tdp = 400.0 * units::watt;
        g.pcie_gen = 4;
        g.nvlink_generation = 3;
        g.nvlink_bandwidth = 600000000000.0 * units::byte_per_second;
        g.datasheet.fp64 = 9700000000000.0 * units::flop_per_second;
        g.datasheet.fp64_tensor = 19500000000000.0 * units::flop_per_second;
        g.datasheet.fp32 = 19500000000000.0 * units::flop_per_second;
        g.datasheet.tf32 = 156000000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 312000000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 312000000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 624000000000000.0 * units::flop_per_second;
        g.datasheet.int4 = 1248000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 1555000000000.0 * units::byte_per_second;
        g.sources = {
            {"S1", "NVIDIA Developer Blog 'NVIDIA Ampere Architecture In-Depth' (May 2020): Tables 1, 3, 4 (V100/A100 counts, clocks, peaks, memory, L2, TDP, compute capability)"},
            {"S27", "upb-pc2 wiki CUDA deviceQuery of an A100 40GB SXM (108 SM, 1410 MHz, 1215 MHz memory, 5120-bit, 40 MiB L2)"},
            {"S4", "NVIDIA A100 80GB datasheet, transcribed in a repo notes file: 1,935 GB/s & 300 W (PCIe), 2,039 GB/s & 400 W (SXM), NVLink 600 GB/s, PCIe Gen4"},
            {"S55", "nvidia-smi in public GitHub files: 'NVIDIA A100-SXM4-40GB, 40960 MiB' (startup log, search-index id 45615240595; a test fixture with driver 535.104.05, id 58630910232); older drivers report 40536 MiB (id 2828350811)"}};
        g.origin = "built-in (models/gpus/a100-sxm4-40gb.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/a100-sxm4-80gb.toml
        gpu_spec g;
        g.name = "A100-SXM4-80GB";
        g.aliases = {"NVIDIA A100-SXM4-80GB", "A100-80GB-SXM4", "A100-SXM-80GB"};
        g.vendor = "NVIDIA";
        g.arch = architecture::ampere_ga100;
        g.chip = "GA100";
        g.compute_capability = "8.0";
        g.segment = market_segment::datacenter;
        g.form_factor = "SXM4";
        g.launch = "2020-11-16";
        g.notes = "The A100 peaks (9.7 / 19.5 / 156 / 312 / 624 TFLOPS, dense; sparse doubles the tensor figures) are the same on every A100 SKU:\nall run 108 SMs at 1410 MHz (S1, S4).\nMemory: HBM2e at 3.186 Gbps per pin gives 2039 GB/s (S28, S4), against 2.43 Gbps / 1555 GB/s on the 40 GB parts. Some tools\nreuse 1555 GB/s (S9) or round to 2048 GB/s (Calculon, S26); the datasheet value is kept.\nTDP: 400 W (S4); a 500 W custom-thermal SKU also exists (S4). Base clock not found, so it is left out.\nusable_mib: 81920 MiB as printed by current drivers (S57).";
        g.sm_count = 108;
        g.fp32_lanes_per_sm = 64;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 1410000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::hbm2e;
        g.marketed_memory = 80000000000.0 * units::byte;
        g.usable_memory = 85899345920.0 * units::byte;
        g.bus_width_bits = 5120;
        g.memory_data_rate = 3186000000.0 * units::hertz;
        g.l2_cache = 41943040.0 * units::byte;
        g.tdp = 400.0 * units::watt;
        g.pcie_gen = 4;
        g.nvlink_generation = 3;
        g.nvlink_bandwidth = 600000000000.0 * units::byte_per_second;
        g.datasheet.fp64 = 9700000000000.0 * units::flop_per_second;
        g.datasheet.fp64_tensor = 19500000000000.0 * units::flop_per_second;
        g.datasheet.fp32 = 19500000000000.0 * units::flop_per_second;
        g.datasheet.tf32 = 156000000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 312000000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 312000000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 624000000000000.0 * units::flop_per_second;
        g.datasheet.int4 = 1248000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 2039000000000.0 * units::byte_per_second;
        g.sources = {
            {"S1", "NVIDIA Developer Blog 'NVIDIA Ampere Architecture In-Depth' (May 2020): Tables 1, 3, 4 (V100/A100 counts, clocks, peaks, memory, L2, TDP, compute capability)"},
            {"S26", "Open-source tables: hahnyuan/LLM-Viewer hardware_params.py; cli99/llm-analysis gpu_configs; calculon-ai/calculon systems"},
            {"S28", "svethardware.cz: A100 80GB HBM2e at 3.186 Gbps per pin -> 2039 GB/s"},
            {"S4", "NVIDIA A100 80GB datasheet, transcribed in a repo notes file: 1,935 GB/s & 300 W (PCIe), 2,039 GB/s & 400 W (SXM), NVLink 600 GB/s, PCIe Gen4"},
            {"S57", "nvidia-smi in a public GitHub file (search-index id 59409077671): 'GPU: NVIDIA A100-SXM4-80GB, 81920 MiB', driver 595.71.05"},
            {"S9", "Mila IGUANE/UGR GPU-unit calculator (public Python code): per-GPU derivations citing datasheets (V100 PCIe 1370 MHz, H100 1830/1980 and 1620/1755 MHz)"}};
        g.origin = "built-in (models/gpus/a100-sxm4-80gb.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/a30.toml
        gpu_spec g;
        g.name = "A30";
        g.aliases = {"NVIDIA A30"};
        g.vendor = "NVIDIA";
        g.arch = architecture::ampere_ga100;
        g.chip = "GA100";
        g.compute_capability = "8.0";
        g.segment = market_segment::datacenter;
        g.form_factor = "PCIe";
        g.launch = "2021-04-12";
        g.notes = "The A30 datasheet's FP64 (5.2), FP64-tensor and TF32 figures were not read in a source (S19 lists FP32, FP16/BF16, INT8 and\nINT4 only), so they are left out; the 5.161 TFLOPS FP64 in the TPU mirror (S8) is not a datasheet claim.\nOne documentation page claims 9216 CUDA cores for the A30; that is the A10's count. The A30 has 3584 (S8).\nusable_mib: 24576 MiB as printed by current drivers (S53).";
        g.sm_count = 56;
        g.fp32_lanes_per_sm = 64;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 1440000000.0 * units::hertz;
        g.base_clock = 930000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::hbm2;
        g.marketed_memory = 24000000000.0 * units::byte;
        g.usable_memory = 25769803776.0 * units::byte;
        g.bus_width_bits = 3072;
        g.memory_data_rate = 2430000000.0 * units::hertz;
        g.l2_cache = 25165824.0 * units::byte;
        g.tdp = 165.0 * units::watt;
        g.pcie_gen = 4;
        g.nvlink_generation = 3;
        g.nvlink_bandwidth = 200000000000.0 * units::byte_per_second;
        g.datasheet.fp32 = 10300000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 165000000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 165000000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 330000000000000.0 * units::flop_per_second;
        g.datasheet.int4 = 661000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 933000000000.0 * units::byte_per_second;
        g.sources = {
            {"S19", "A10 / A30 datasheet-derived tables in repos; winston-zhang/gpu-specs specs.md (A10 TF32 62.5|125, BF16 125|250)"},
            {"S53", "nvidia-smi in public GitHub files: 'GPU | NVIDIA A30, 24576 MiB, persistence on', driver 610.43.02 (search-index id 71046531212); 'index, name, memory.total [MiB]: 0, NVIDIA A30, 24576' (id 48650967295)"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"}};
        g.origin = "built-in (models/gpus/a30.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/a10.toml
        gpu_spec g;
        g.name = "A10";
        g.aliases = {"NVIDIA A10"};
        g.vendor = "NVIDIA";
        g.arch = architecture::ampere_ga10x;
        g.chip = "GA102";
        g.compute_capability = "8.6";
        g.segment = market_segment::datacenter;
        g.form_factor = "PCIe";
        g.launch = "2021-04-12";
        g.notes = "The A10 datasheet lists no FP64 figure. GA10x has 2 FP64 units per SM (1:64 of FP32, S9); the TPU mirror's 0.976 TFLOPS (1:32)\nis wrong and is not used. The AWS A10G is a different SKU (lower clocks; llm-analysis uses 70 TFLOPS FP16 for it, S26) and\nis not an alias of this file.";
        g.sm_count = 72;
        g.fp32_lanes_per_sm = 128;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 1695000000.0 * units::hertz;
        g.base_clock = 885000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::gddr6;
        g.marketed_memory = 24000000000.0 * units::byte;
        g.usable_memory = 24146608128.0 * units::byte;
        g.bus_width_bits = 384;
        g.memory_data_rate = 12500000000.0 * units::hertz;
        g.l2_cache = 6291456.0 * units::byte;
        g.tdp = 150.0 * units::watt;
        g.pcie_gen = 4;
        g.datasheet.fp32 = 31200000000000.0 * units::flop_per_second;
        g.datasheet.tf32 = 62500000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 125000000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 125000000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 250000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 600000000000.0 * units::byte_per_second;
        g.sources = {
            {"S19", "A10 / A30 datasheet-derived tables in repos; winston-zhang/gpu-specs specs.md (A10 TF32 62.5|125, BF16 125|250)"},
            {"S26", "Open-source tables: hahnyuan/LLM-Viewer hardware_params.py; cli99/llm-analysis gpu_configs; calculon-ai/calculon systems"},
            {"S49", "nvidia-smi in a public GitHub file (search-index id 70349799492): 'NVIDIA A10, 23028 MiB, 580.126.09' (same host also lists 'Tesla V100-PCIE-16GB, 16384 MiB')"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"},
            {"S9", "Mila IGUANE/UGR GPU-unit calculator (public Python code): per-GPU derivations citing datasheets (V100 PCIe 1370 MHz, H100 1830/1980 and 1620/1755 MHz)"}};
        g.origin = "built-in (models/gpus/a10.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/a40.toml
        gpu_spec g;
        g.name = "A40";
        g.aliases = {"NVIDIA A40"};
        g.vendor = "NVIDIA";
        g.arch = architecture::ampere_ga10x;
        g.chip = "GA102";
        g.compute_capability = "8.6";
        g.segment = market_segment::datacenter;
        g.form_factor = "PCIe";
        g.launch = "2020-10-05";
        g.notes = "The seed articles' '19.2 TFLOPS FP32 / 7.6 TFLOPS FP64' are wrong: 19.2 is the RTX A4000's FP32 figure (S30);\n10752 lanes x 1740 MHz x 2 = 37.4 TFLOP/s. The A40 datasheet lists no FP64 figure; GA102 has 2 FP64 units\nper SM (1:64 of FP32, S9), not the 1:32 TechPowerUp mirrors print.";
        g.sm_count = 84;
        g.fp32_lanes_per_sm = 128;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 1740000000.0 * units::hertz;
        g.base_clock = 1305000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::gddr6;
        g.marketed_memory = 48000000000.0 * units::byte;
        g.usable_memory = 48305799168.0 * units::byte;
        g.bus_width_bits = 384;
        g.memory_data_rate = 14500000000.0 * units::hertz;
        g.l2_cache = 6291456.0 * units::byte;
        g.tdp = 300.0 * units::watt;
        g.pcie_gen = 4;
        g.nvlink_generation = 3;
        g.nvlink_bandwidth = 112500000000.0 * units::byte_per_second;
        g.datasheet.fp32 = 37400000000000.0 * units::flop_per_second;
        g.datasheet.tf32 = 74800000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 149700000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 149700000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 299300000000000.0 * units::flop_per_second;
        g.datasheet.int4 = 598700000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 696000000000.0 * units::byte_per_second;
        g.sources = {
            {"S30", "ecer.com RTX A4000 datasheet copy: 19.2 TFLOPS FP32 (source of the seed articles' A40 figure)"},
            {"S40", "nvidia-smi output of an A40 in public logs: 46068MiB total"},
            {"S5", "NVIDIA A40 datasheet, text copied by resellers (ecer.com A40 page; relationship-nepal.org 900-2g133-0000-000 spec table)"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, topcpu.net)"},
            {"S9", "Mila IGUANE/UGR GPU-unit calculator (public Python code): GA10x FP64 = 2 FMA units per SM"}};
        g.origin = "built-in (models/gpus/a40.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/rtx-3090.toml
        gpu_spec g;
        g.name = "RTX-3090";
        g.aliases = {"NVIDIA GeForce RTX 3090", "GeForce RTX 3090", "RTX3090", "3090"};
        g.vendor = "NVIDIA";
        g.arch = architecture::ampere_ga10x;
        g.chip = "GA102";
        g.compute_capability = "8.6";
        g.segment = market_segment::geforce;
        g.form_factor = "PCIe";
        g.launch = "2020-09-24";
        g.notes = "GeForce half rate: the GA102 whitepaper rates FP16 tensor math at 142 TFLOPS with FP16 accumulate but 71 with FP32 accumulate\n(S17); BF16 and TF32 use the FP32-accumulate path. fp32_accumulate_rate = 0.5 reproduces this; INT8 (284 TOPS) is full rate.\nfp16_tflops holds the FP32-accumulate figure (71), as the schema defines. BF16 / TF32 figures and the NVLink bridge bandwidth\nwere not read in a source, so they are left out. No FP64 claim (GA10x 1:64, 0.556 TFLOPS per the TPU mirror, not a datasheet value).\nusable_mib: 24576 MiB as printed by current drivers (S59).";
        g.sm_count = 82;
        g.fp32_lanes_per_sm = 128;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 1695000000.0 * units::hertz;
        g.base_clock = 1395000000.0 * units::hertz;
        g.fp32_accumulate_rate = 0.5;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::gddr6x;
        g.marketed_memory = 24000000000.0 * units::byte;
        g.usable_memory = 25769803776.0 * units::byte;
        g.bus_width_bits = 384;
        g.memory_data_rate = 19500000000.0 * units::hertz;
        g.l2_cache = 6291456.0 * units::byte;
        g.tdp = 350.0 * units::watt;
        g.pcie_gen = 4;
        g.nvlink_generation = 3;
        g.launch_price_usd = 1499.0;
        g.datasheet.fp32 = 35600000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 71000000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 284000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 936000000000.0 * units::byte_per_second;
        g.sources = {
            {"S17", "RTX 3090: Tom's Hardware spec table (holynerdvana copy), repo notes quoting the GA102 whitepaper (dense/sparse, FP16- vs FP32-accumulate), getianao gist"},
            {"S59", "nvidia-smi in a public GitHub file (search-index id 62405415624): 'GPU: NVIDIA GeForce RTX 3090, 24576 MiB', driver 580.159.03"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"}};
        g.origin = "built-in (models/gpus/rtx-3090.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/rtx-a6000.toml
        gpu_spec g;
        g.name = "RTX-A6000";
        g.aliases = {"NVIDIA RTX A6000", "A6000", "RTXA6000"};
        g.vendor = "NVIDIA";
        g.arch = architecture::ampere_ga10x;
        g.chip = "GA102";
        g.compute_capability = "8.6";
        g.segment = market_segment::workstation;
        g.form_factor = "PCIe";
        g.launch = "2020-10-05";
        g.notes = "The datasheet headline 'Tensor Performance 309.7 TFLOPS' is the sparse FP16 figure; the dense 154.8 is listed (S21).\nThe INT8 309.7 TOPS seen in LLM-Viewer (S26) is not read from the datasheet, so no int8_tops is listed; TF32 / BF16 dense\nfigures were not read either. No FP64 figure is published; GA10x is 1:64 (S9) and the TPU mirror's 1.21 TFLOPS (1:32) is wrong.\nLaunch price $4,649 is TechPowerUp's launch price (S21, S8).";
        g.sm_count = 84;
        g.fp32_lanes_per_sm = 128;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 1800000000.0 * units::hertz;
        g.base_clock = 1410000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::gddr6;
        g.marketed_memory = 48000000000.0 * units::byte;
        g.usable_memory = 51527024640.0 * units::byte;
        g.bus_width_bits = 384;
        g.memory_data_rate = 16000000000.0 * units::hertz;
        g.l2_cache = 6291456.0 * units::byte;
        g.tdp = 300.0 * units::watt;
        g.pcie_gen = 4;
        g.nvlink_generation = 3;
        g.nvlink_bandwidth = 112500000000.0 * units::byte_per_second;
        g.launch_price_usd = 4649.0;
        g.datasheet.fp32 = 38700000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 154800000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 768000000000.0 * units::byte_per_second;
        g.sources = {
            {"S21", "RTX A6000: repo cost model citing the datasheet (84 SM, 309.7 sparse / 154.8 dense, 768 GB/s, 6 MB L2, NVLink 112.5 GB/s); TPU mirror (1410 / 1800 MHz, 16 Gbps, $4,649)"},
            {"S26", "Open-source tables: hahnyuan/LLM-Viewer hardware_params.py; cli99/llm-analysis gpu_configs; calculon-ai/calculon systems"},
            {"S58", "nvidia-smi in public GitHub files: 'index, name, memory.total [MiB] ... 0, NVIDIA RTX A6000, 49140 MiB' (search-index id 63251812615); 'NVIDIA RTX A6000, 49140, 48100, 580.173.02, 8.6' (test fixture, id 71539313890)"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"},
            {"S9", "Mila IGUANE/UGR GPU-unit calculator (public Python code): per-GPU derivations citing datasheets (V100 PCIe 1370 MHz, H100 1830/1980 and 1620/1755 MHz)"}};
        g.origin = "built-in (models/gpus/rtx-a6000.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/l4.toml
        gpu_spec g;
        g.name = "L4";
        g.aliases = {"NVIDIA L4"};
        g.vendor = "NVIDIA";
        g.arch = architecture::ada;
        g.chip = "AD104";
        g.compute_capability = "8.9";
        g.segment = market_segment::datacenter;
        g.form_factor = "PCIe";
        g.launch = "2023-03";
        g.notes = "NVIDIA's L4 page lists only sparse tensor figures (TF32 120, FP16/BF16 242, FP8/INT8 485) with the footnote that dense is\none half (S20); the [datasheet] values are those halves. SM count: 58 SMs / 232 tensor cores / 7,424 CUDA cores (S20, S11) is\nthe only set consistent with the 30.3 TFLOPS FP32 and 121 TFLOPS FP16 figures; TPU mirrors say 60 / 240 (S8), hmc-tech 7,680.\nNo FP64 claim is published (1:64, 0.473 TFLOPS per the TPU mirror).";
        g.sm_count = 58;
        g.fp32_lanes_per_sm = 128;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 2040000000.0 * units::hertz;
        g.base_clock = 795000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::gddr6;
        g.marketed_memory = 24000000000.0 * units::byte;
        g.usable_memory = 24152899584.0 * units::byte;
        g.bus_width_bits = 192;
        g.memory_data_rate = 12500000000.0 * units::hertz;
        g.l2_cache = 50331648.0 * units::byte;
        g.tdp = 72.0 * units::watt;
        g.pcie_gen = 4;
        g.datasheet.fp32 = 30300000000000.0 * units::flop_per_second;
        g.datasheet.tf32 = 60000000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 121000000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 121000000000000.0 * units::flop_per_second;
        g.datasheet.fp8 = 242500000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 242500000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 300000000000.0 * units::byte_per_second;
        g.sources = {
            {"S11", "Dell TCO engine GPU_SPECS table (public Python code): L4, L40S, H100, H200, B200 dense/sparse figures, memory, TDP, NVLink"},
            {"S20", "NVIDIA L4 page values quoted in repos (30.3; 120/242/485 with sparsity, 'one-half lower without'; 24 GB, 300 GB/s, 72 W); store.sourcecode.com (795 / 2040 MHz)"},
            {"S62", "nvidia-smi in public GitHub files: 'Hardware: NVIDIA L4, 23034 MiB, driver 580.82.07' (search-index id 53892956146); 'NVIDIA L4, 23,034 MiB total', driver 595.58.03 (id 68345300056)"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"}};
        g.origin = "built-in (models/gpus/l4.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/l40.toml
        gpu_spec g;
        g.name = "L40";
        g.aliases = {"NVIDIA L40"};
        g.vendor = "NVIDIA";
        g.arch = architecture::ada;
        g.chip = "AD102";
        g.compute_capability = "8.9";
        g.segment = market_segment::datacenter;
        g.form_factor = "PCIe";
        g.launch = "2022-10";
        g.notes = "tensor_rating = 0.5: the L40 datasheet (S6) rates every tensor data type, INT8 and FP8 included, at exactly half the full-rate\nAda value (FP16 181.05 dense = 568 x 128 x 2 x 2.49 GHz / 2; INT8 362 instead of 724), while the same-die L40S (S6) and\nRTX 6000 Ada are rated full rate. The factor reproduces NVIDIA's published L40 figures; whether the silicon is really limited\nis not established (the third-party hmc-tech pages list 362 dense FP16, S12).\nSeed-article claims of 18,432 CUDA cores / 576 tensor cores / 1 TB/s are wrong: those are the full AD102 and the RTX 4090;\nthe L40 has 18,176 / 568 and 864 GB/s (S6). No FP64 claim is published.";
        g.sm_count = 142;
        g.fp32_lanes_per_sm = 128;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 2490000000.0 * units::hertz;
        g.base_clock = 735000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 0.5;
        g.mem_type = memory_type::gddr6;
        g.marketed_memory = 48000000000.0 * units::byte;
        g.usable_memory = 48305799168.0 * units::byte;
        g.bus_width_bits = 384;
        g.memory_data_rate = 18000000000.0 * units::hertz;
        g.l2_cache = 100663296.0 * units::byte;
        g.tdp = 300.0 * units::watt;
        g.pcie_gen = 4;
        g.datasheet.fp32 = 90500000000000.0 * units::flop_per_second;
        g.datasheet.tf32 = 90500000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 181050000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 181050000000000.0 * units::flop_per_second;
        g.datasheet.fp8 = 362000000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 362000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 864000000000.0 * units::byte_per_second;
        g.sources = {
            {"S12", "hmc-tech.com comparison pages (third-party): B200 148 SM / 18,944 / 592 TC / 1.98 GHz boost / 1.86 GHz tensor / 8192-bit / 7.5-7.7 GT/s; H200 1980 MHz; L40 362 TFLOPS dense"},
            {"S6", "NVIDIA L40 / L40S datasheet table (reseller copy, mullet.se product_id=355414): dense | sparse pairs, 300 W / 350 W"},
            {"S63", "nvidia-smi in a public GitHub file (search-index id 56148036927): 'exactly one NVIDIA L40, 46068 MiB, driver 610.43.02'"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"}};
        g.origin = "built-in (models/gpus/l40.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/l40s.toml
        gpu_spec g;
        g.name = "L40S";
        g.aliases = {"NVIDIA L40S"};
        g.vendor = "NVIDIA";
        g.arch = architecture::ada;
        g.chip = "AD102";
        g.compute_capability = "8.9";
        g.segment = market_segment::datacenter;
        g.form_factor = "PCIe";
        g.launch = "2023-08-08";
        g.notes = "NVIDIA's sheet is internally inconsistent by about 1.2% (S9): FP32 91.6, TF32 183 and FP8/INT8 733 imply the 2520 MHz boost,\nwhile FP16/BF16 362.05 implies about 2490 MHz (366.4 at 2520). No tensor clock is stored: 2520 MHz reproduces every figure but\nFP16/BF16, which it over-predicts by 1.2%.\nL2: the TPU mirror lists 48 MB (S8), but a CUDA deviceQuery on an L40S reports 100663296 bytes = 96 MiB (S44), the same as the\nL40 and RTX 6000 Ada on the same AD102 configuration; 96 MiB is kept.\nTDP: 350 W (NVIDIA, S6) against 300 W in a TPU mirror (S8); 350 W kept. No FP64 claim is published (1.431 TFLOPS at 1:64 per S9).";
        g.sm_count = 142;
        g.fp32_lanes_per_sm = 128;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 2520000000.0 * units::hertz;
        g.base_clock = 1110000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::gddr6;
        g.marketed_memory = 48000000000.0 * units::byte;
        g.usable_memory = 48305799168.0 * units::byte;
        g.bus_width_bits = 384;
        g.memory_data_rate = 18000000000.0 * units::hertz;
        g.l2_cache = 100663296.0 * units::byte;
        g.tdp = 350.0 * units::watt;
        g.pcie_gen = 4;
        g.datasheet.fp32 = 91600000000000.0 * units::flop_per_second;
        g.datasheet.tf32 = 183000000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 362050000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 362050000000000.0 * units::flop_per_second;
        g.datasheet.fp8 = 733000000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 733000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 864000000000.0 * units::byte_per_second;
        g.sources = {
            {"S11", "Dell TCO engine GPU_SPECS table (public Python code): L4, L40S, H100, H200, B200 dense/sparse figures, memory, TDP, NVLink"},
            {"S44", "Public repository file 'NVIDIA L40S GPU Specifications' (CUDA deviceQuery, CUDA 12.4; search-index id 38511303822): 142 SMs, 2520 MHz, 384-bit, L2 Cache Size 100663296 bytes"},
            {"S6", "NVIDIA L40 / L40S datasheet table (reseller copy, mullet.se product_id=355414): dense | sparse pairs, 300 W / 350 W"},
            {"S64", "nvidia-smi in public GitHub files: 'Target: secure-cloud NVIDIA L40S, 46,068 MiB, driver 580.126.09' (search-index id 56868713181); 'NVIDIA L40S, 46,068 MiB, driver 550.127.05' (id 62040152961)"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"},
            {"S9", "Mila IGUANE/UGR GPU-unit calculator (public Python code): per-GPU derivations citing datasheets (V100 PCIe 1370 MHz, H100 1830/1980 and 1620/1755 MHz)"}};
        g.origin = "built-in (models/gpus/l40s.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/rtx-4090.toml
        gpu_spec g;
        g.name = "RTX-4090";
        g.aliases = {"NVIDIA GeForce RTX 4090", "GeForce RTX 4090", "RTX4090", "4090"};
        g.vendor = "NVIDIA";
        g.arch = architecture::ada;
        g.chip = "AD102";
        g.compute_capability = "8.9";
        g.segment = market_segment::geforce;
        g.form_factor = "PCIe";
        g.launch = "2022-10-12";
        g.notes = "GeForce half rate: the Ada whitepaper (S16) rates FP16 tensor math at 330.3 TFLOPS with FP16 accumulate but 165.2 with FP32\naccumulate (BF16 165.2), and FP8 at 660.6 with FP16 accumulate but 330.3 with FP32 accumulate; INT8 is full rate (660.6).\nfp32_accumulate_rate = 0.5 reproduces all of these. The FP8-with-FP32-accumulate figure was corrected from 660.6 to 330.3 in\nwhitepaper v2.02 (S16); the corrected value is kept.\nA TF32 figure (82.6) was read only in a secondary source without a key, and no INT4 or FP64 claim was read, so they are left out.";
        g.sm_count = 128;
        g.fp32_lanes_per_sm = 128;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 2520000000.0 * units::hertz;
        g.base_clock = 2235000000.0 * units::hertz;
        g.fp32_accumulate_rate = 0.5;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::gddr6x;
        g.marketed_memory = 24000000000.0 * units::byte;
        g.usable_memory = 25757220864.0 * units::byte;
        g.bus_width_bits = 384;
        g.memory_data_rate = 21000000000.0 * units::hertz;
        g.l2_cache = 75497472.0 * units::byte;
        g.tdp = 450.0 * units::watt;
        g.pcie_gen = 4;
        g.launch_price_usd = 1599.0;
        g.datasheet.fp32 = 82600000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 165200000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 165200000000000.0 * units::flop_per_second;
        g.datasheet.fp8 = 330300000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 660600000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 1008000000000.0 * units::byte_per_second;
        g.sources = {
            {"S16", "Ada whitepaper v2.02/2.1 Appendix A (RTX 4090) quoted verbatim in repo notes, incl. the v2.02 FP8-with-FP32-accumulate correction; Ada tuning guide quotes"},
            {"S22", "RTX 4090 launch: Tom's Hardware table (holynerdvana copy: 128 SM, 16384, 512 TC, 2520 MHz, 21 Gbps, 72 MB L2, 450 W, $1,599); notebookcheck.pl; incpak.com"},
            {"S60", "nvidia-smi in a public GitHub file (search-index id 68533940000): 'nvidia-smi: NVIDIA GeForce RTX 4090, 24564 MiB, driver 591.86'"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"}};
        g.origin = "built-in (models/gpus/rtx-4090.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/rtx-6000-ada.toml
        gpu_spec g;
        g.name = "RTX-6000-Ada";
        g.aliases = {"NVIDIA RTX 6000 Ada Generation", "RTX-6000-Ada-Generation", "RTX6000-Ada"};
        g.vendor = "NVIDIA";
        g.arch = architecture::ada;
        g.chip = "AD102";
        g.compute_capability = "8.9";
        g.segment = market_segment::workstation;
        g.form_factor = "PCIe";
        g.launch = "2022-09-20";
        g.notes = "Full-rate Ada tensor SKU: the datasheet headline 'Tensor performance 1,457.0 TFLOPS' is FP8 with sparsity (S35), so dense FP8\nis 728.5 and dense FP16/BF16 364.2 (= 568 x 128 x 2 x 2.505 GHz). The L40 has the same 568 tensor cores but its datasheet rates\nthem at half; some code tables wrongly use the L40's 181 for this card (S37). The TF32 / FP16 / BF16 / INT8 dense figures come\nfrom secondary tables that quote the vendor spec (S37).\nBoost: 2505 MHz (S8) reproduces 91.1 TFLOPS FP32; grafikkarten.com's 2535 MHz (S36) would give 92.2, so 2505 is kept.\nMemory type: GDDR6 per the datasheet (S35); some press wrote GDDR6X (S36). 20 Gbps x 384 bits = 960 GB/s either way.\nNo FP64, FP16-accumulate or NVIDIA price figure was read; the $6,800 seen on a TPU-style mirror is not used.";
        g.sm_count = 142;
        g.fp32_lanes_per_sm = 128;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 2505000000.0 * units::hertz;
        g.base_clock = 915000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::gddr6;
        g.marketed_memory = 48000000000.0 * units::byte;
        g.usable_memory = 51527024640.0 * units::byte;
        g.bus_width_bits = 384;
        g.memory_data_rate = 20000000000.0 * units::hertz;
        g.l2_cache = 100663296.0 * units::byte;
        g.tdp = 300.0 * units::watt;
        g.pcie_gen = 4;
        g.datasheet.fp32 = 91100000000000.0 * units::flop_per_second;
        g.datasheet.tf32 = 182000000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 364200000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 364200000000000.0 * units::flop_per_second;
        g.datasheet.fp8 = 728500000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 728000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 960000000000.0 * units::byte_per_second;
        g.sources = {
            {"S35", "NVIDIA RTX 6000 Ada Generation datasheet table, transcribed in atineoSE/coding-model-seeks-gpu pipeline/pipeline/sources/rtx6000ada_specs.md"},
            {"S36", "RTX 6000 Ada launch coverage (heise.de, grafikkarten.com, nishikiout.net, zx8123.com) and a public CUDA device query (cc 8.9, 142 SMs, 384-bit)"},
            {"S37", "Secondary dense | sparse tables for RTX 6000 Ada: VladislavDuma/gpu_specs README; a research repository's MFU note quoting the vendor spec (dense BF16 364.2, FP8 728.5)"},
            {"S61", "nvidia-smi in a public GitHub file (search-index id 71394619598): '1x NVIDIA RTX 6000 Ada Generation, 49140 MiB, compute capability (8,9)', driver 580.178.04"},
            {"S8", "TechPowerUp GPU database values via mirrors (sysrqmts.com, gpu.spicedreamphone.com, fpsbench.com, topcpu.net, cputronic.com, reach.dog, itcreations.com)"}};
        g.origin = "built-in (models/gpus/rtx-6000-ada.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/gh200.toml
        gpu_spec g;
        g.name = "GH200";
        g.aliases = {"NVIDIA GH200 480GB", "GH200-96GB"};
        g.vendor = "NVIDIA";
        g.arch = architecture::hopper;
        g.chip = "GH100";
        g.compute_capability = "9.0";
        g.segment = market_segment::datacenter;
        g.form_factor = "Superchip";
        g.launch = "2023-05";
        g.notes = "This file describes the original 96 GB HBM3 variant (up to 4 TB/s, S38). A 144 GB HBM3e variant (up to 4.9 TB/s, announced\nAugust 2023; nvidia-smi name 'NVIDIA GH200 144G HBM3e', 146831 MiB) also exists and would need its own file. The nvidia-smi\nname of this variant, 'NVIDIA GH200 480GB', refers to the Grace CPU's LPDDR5X, not the HBM.\nGPU compute matches H100 SXM5: FP32 67, dense FP16 990 at an 1830 MHz tensor clock (S38 rounds 989.4 to 990 and 494.7 to 494).\nThe 528 tensor cores are 132 SMs x 4 per Hopper SM (S3); no GH200 source lists them directly.\nMemory bus: not found for GH200. It is inferred as 6144 bits: the Hopper package carries six HBM3 stacks, of which the H100 SXM5\nenables five for 80 GB (S42); 96 GB is six 16 GB stacks, so all six are active (the 144 GB HBM3e variant is six 24 GB stacks).\n4000 GB/s / 768 B = 5.21 Gbps per pin, in line with H100 SXM5's 5.24 Gbps HBM3 (S41); 5120 bits would need 6.25 Gbps HBM3.\nMeasured bandwidth on a 96 GB part is 3.61-3.70 TB/s (S39). nvidia-smi's 97871 MiB (102.6 GB) exceeds the\nmarketed '96 GB' because the HBM is 96 GiB (six 16 GiB stacks). L2: 50 MB, same GH100 die as H100 (S3); not read for GH200.\nPower: NVIDIA publishes only the 450-1000 W configurable power of the whole superchip (CPU + GPU + memory, S38); tdp_w = 1000\nis that module maximum, not a GPU-only TDP, so do not compare it with the H100 SXM5's 700 W.\nInterconnect: the 900 GB/s figure is NVLink-C2C between Grace and Hopper (S38); the Hopper GPU's own NVLink 4 (18 links,\n900 GB/s, S7) links GPUs in multi-superchip systems. Base clock not found.";
        g.sm_count = 132;
        g.fp32_lanes_per_sm = 128;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 1980000000.0 * units::hertz;
        g.tensor_clock = 1830000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::hbm3;
        g.marketed_memory = 96000000000.0 * units::byte;
        g.usable_memory = 102625181696.0 * units::byte;
        g.bus_width_bits = 6144;
        g.memory_data_rate = 5208000000.0 * units::hertz;
        g.l2_cache = 52428800.0 * units::byte;
        g.tdp = 1000.0 * units::watt;
        g.pcie_gen = 5;
        g.nvlink_generation = 4;
        g.nvlink_bandwidth = 900000000000.0 * units::byte_per_second;
        g.datasheet.fp64 = 34000000000000.0 * units::flop_per_second;
        g.datasheet.fp64_tensor = 67000000000000.0 * units::flop_per_second;
        g.datasheet.fp32 = 67000000000000.0 * units::flop_per_second;
        g.datasheet.tf32 = 494000000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 990000000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 990000000000000.0 * units::flop_per_second;
        g.datasheet.fp8 = 1979000000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 1979000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 4000000000000.0 * units::byte_per_second;
        g.sources = {
            {"S10", "glennklockwood.com/garden/processors/{A100,h100,B200}: H100 1.83 GHz (low precision) / 1.98 GHz (high precision), whitepaper dense table; HGX B200 table"},
            {"S3", "NVIDIA Developer Blog 'NVIDIA Hopper Architecture In-Depth' (Mar 2022): SXM5 132 SM / PCIe 114 SM, 4 tensor cores per SM, 50 MB L2"},
            {"S38", "NVIDIA GH200 Grace Hopper Superchip datasheet table, transcribed in atineoSE/coding-model-seeks-gpu pipeline/pipeline/sources/gh200_specs.md"},
            {"S39", "Other GH200 sources: Wikipedia 'Hopper (microarchitecture)' via wikimili.com; aiwiki.ai GH200 page; AnandTech SC23 article; OpenCL-Benchmark log on an 'NVIDIA GH200 480GB'"},
            {"S41", "AnandTech 'NVIDIA at SC23: H200 Accelerator with HBM3e' (anandtech.com/show/21136) spec table: H200 6144-bit, ~6.5 Gbps HBM3E; H100 5120-bit, 5.24 Gbps HBM3; hwcooling.net H200 article (six HBM3E packages, 6144-bit bus)"},
            {"S42", "The Next Platform, 'Nvidia Gooses Grace-Hopper GPU Memory' (2023-08-22): the Hopper package carries six HBM3 stacks; H100 SXM5 has only five active (80 GB instead of 96 GB)"},
            {"S68", "nvidia-smi in public GitHub files: 'GPU | NVIDIA GH200 480GB, 97,871 MiB', CUDA 12.8, aarch64 (search-index id 66196318461); 'NVIDIA GH200 480GB, 97871, 0, 97280, 580.95.05' (id 70952597390); the HBM3e part prints 'NVIDIA GH200 144G HBM3e, 146831' (id 71515830599)"},
            {"S7", "NVIDIA H100 datasheet table (archive-lib.hpctech.co.jp/gpuproduct/nvidia-h100.html): sparse figures, 'specifications 1/2 lower without sparsity'"}};
        g.origin = "built-in (models/gpus/gh200.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/h100-pcie-80gb.toml
        gpu_spec g;
        g.name = "H100-PCIe-80GB";
        g.aliases = {"NVIDIA H100 PCIe", "H100-PCIe", "H100-80GB-PCIe"};
        g.vendor = "NVIDIA";
        g.arch = architecture::hopper;
        g.chip = "GH100";
        g.compute_capability = "9.0";
        g.segment = market_segment::datacenter;
        g.form_factor = "PCIe";
        g.launch = "2022-03-22";
        g.notes = "Tensor clock: the datasheet's dense tensor peaks (756 TFLOPS FP16 etc., half of the printed sparse values, S7) reproduce only at\n1620 MHz, while FP32 / FP64 / FP64-tensor reproduce at the 1755 MHz boost (S9). tensor_clock_mhz = 1620 stores that.\nPreliminary GTC-2022 figures (FP32 48, FP64 24, FP16 tensor 800 dense; S3, S24) were superseded by the final datasheet (51 / 26 / 756).\nBandwidth: 2000 GB/s per the datasheet (S7); the TPU mirror's 1593 MHz memory clock (3.186 Gbps, S25) gives 2039 GB/s, and some\ntools print 2039-2040. The per-pin rate here is backed out of the datasheet value (2000 / 640 B = 3.125 Gbps).\nTDP: the datasheet gives 300-350 W (S7); 350 W (S24, S25) is kept as the board limit.";
        g.sm_count = 114;
        g.fp32_lanes_per_sm = 128;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 1755000000.0 * units::hertz;
        g.base_clock = 1095000000.0 * units::hertz;
        g.tensor_clock = 1620000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::hbm2e;
        g.marketed_memory = 80000000000.0 * units::byte;
        g.usable_memory = 85520809984.0 * units::byte;
        g.bus_width_bits = 5120;
        g.memory_data_rate = 3186000000.0 * units::hertz;
        g.l2_cache = 52428800.0 * units::byte;
        g.tdp = 350.0 * units::watt;
        g.pcie_gen = 5;
        g.nvlink_generation = 4;
        g.nvlink_bandwidth = 600000000000.0 * units::byte_per_second;
        g.datasheet.fp64 = 26000000000000.0 * units::flop_per_second;
        g.datasheet.fp64_tensor = 51000000000000.0 * units::flop_per_second;
        g.datasheet.fp32 = 51000000000000.0 * units::flop_per_second;
        g.datasheet.tf32 = 378000000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 756500000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 756500000000000.0 * units::flop_per_second;
        g.datasheet.fp8 = 1513000000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 1513000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 2000000000000.0 * units::byte_per_second;
        g.sources = {
            {"S24", "purepc.pl: H100 specification update (preliminary vs final FP32 / FP64, 3 / 2 TB/s, 700 / 350 W)"},
            {"S25", "cputronic.com/de/gpu/nvidia-h100-pcie (TPU mirror: 1095 / 1755 MHz, 1593 MHz memory, 350 W)"},
            {"S3", "NVIDIA Developer Blog 'NVIDIA Hopper Architecture In-Depth' (Mar 2022): SXM5 132 SM / PCIe 114 SM, 4 tensor cores per SM, 50 MB L2"},
            {"S65", "nvidia-smi in public GitHub files: 'GPU: NVIDIA H100 PCIe, 81,559 MiB, driver 595.58.03' (search-index id 62991806511); '2 x NVIDIA H100 PCIe, 81559 MiB each', driver 535.216.03 (id 69525157115)"},
            {"S7", "NVIDIA H100 datasheet table (archive-lib.hpctech.co.jp/gpuproduct/nvidia-h100.html): sparse figures, 'specifications 1/2 lower without sparsity'"},
            {"S9", "Mila IGUANE/UGR GPU-unit calculator (public Python code): per-GPU derivations citing datasheets (V100 PCIe 1370 MHz, H100 1830/1980 and 1620/1755 MHz)"}};
        g.origin = "built-in (models/gpus/h100-pcie-80gb.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/h100-sxm5-80gb.toml
        gpu_spec g;
        g.name = "H100-SXM5-80GB";
        g.aliases = {"NVIDIA H100 80GB HBM3", "H100-SXM5", "H100-SXM", "H100-SXM-80GB", "H100-80GB-HBM3"};
        g.vendor = "NVIDIA";
        g.arch = architecture::hopper;
        g.chip = "GH100";
        g.compute_capability = "9.0";
        g.segment = market_segment::datacenter;
        g.form_factor = "SXM5";
        g.launch = "2022-03-22";
        g.notes = "Tensor clock: dense tensor peaks reproduce at 1830 MHz ('1.83 GHz low precision', S10) while FP32 / FP64 / FP64-tensor\nreproduce at the 1980 MHz boost ('1.98 GHz high precision', S10; S9): 528 x 512 x 2 x 1.83 GHz = 989.4 TFLOPS FP16.\n[datasheet] holds the datasheet's sparse figures halved (S7); the whitepaper's dense table prints 494.7 / 989.4 / 1978.9 and\n33.5 / 66.9 (S10), within 0.1% of these. FP64 34 is rounded up from 33.5 (132 x 64 x 2 x 1.98 GHz = 33.45).\nPreliminary GTC-2022 figures (FP32 60, FP64 30, FP16 tensor 1000 dense, S3, S24) were superseded. LLM-Viewer and Calculon use\n3072 GB/s (S26); the final 3350 GB/s (S7) is kept. Base clock not reliably found (a '1400 / 1770 MHz' claim contradicts 67 TFLOPS).";
        g.sm_count = 132;
        g.fp32_lanes_per_sm = 128;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 1980000000.0 * units::hertz;
        g.tensor_clock = 1830000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::hbm3;
        g.marketed_memory = 80000000000.0 * units::byte;
        g.usable_memory = 85520809984.0 * units::byte;
        g.bus_width_bits = 5120;
        g.memory_data_rate = 5234000000.0 * units::hertz;
        g.l2_cache = 52428800.0 * units::byte;
        g.tdp = 700.0 * units::watt;
        g.pcie_gen = 5;
        g.nvlink_generation = 4;
        g.nvlink_bandwidth = 900000000000.0 * units::byte_per_second;
        g.datasheet.fp64 = 34000000000000.0 * units::flop_per_second;
        g.datasheet.fp64_tensor = 67000000000000.0 * units::flop_per_second;
        g.datasheet.fp32 = 67000000000000.0 * units::flop_per_second;
        g.datasheet.tf32 = 494500000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 989500000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 989500000000000.0 * units::flop_per_second;
        g.datasheet.fp8 = 1979000000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 1979000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 3350000000000.0 * units::byte_per_second;
        g.sources = {
            {"S10", "glennklockwood.com/garden/processors/{A100,h100,B200}: H100 1.83 GHz (low precision) / 1.98 GHz (high precision), whitepaper dense table; HGX B200 table"},
            {"S24", "purepc.pl: H100 specification update (preliminary vs final FP32 / FP64, 3 / 2 TB/s, 700 / 350 W)"},
            {"S26", "Open-source tables: hahnyuan/LLM-Viewer hardware_params.py; cli99/llm-analysis gpu_configs; calculon-ai/calculon systems"},
            {"S3", "NVIDIA Developer Blog 'NVIDIA Hopper Architecture In-Depth' (Mar 2022): SXM5 132 SM / PCIe 114 SM, 4 tensor cores per SM, 50 MB L2"},
            {"S41", "AnandTech 'NVIDIA at SC23: H200 Accelerator with HBM3e' (anandtech.com/show/21136) spec table: H200 6144-bit, ~6.5 Gbps HBM3E; H100 5120-bit, 5.24 Gbps HBM3; hwcooling.net H200 article (six HBM3E packages, 6144-bit bus)"},
            {"S66", "nvidia-smi in a public GitHub file (search-index id 62508030378): 'index, name, memory.total [MiB], ... 0, NVIDIA H100 80GB HBM3, 81559 MiB, 345 MHz, 590.48.01' (8 identical rows)"},
            {"S7", "NVIDIA H100 datasheet table (archive-lib.hpctech.co.jp/gpuproduct/nvidia-h100.html): sparse figures, 'specifications 1/2 lower without sparsity'"},
            {"S9", "Mila IGUANE/UGR GPU-unit calculator (public Python code): per-GPU derivations citing datasheets (V100 PCIe 1370 MHz, H100 1830/1980 and 1620/1755 MHz)"}};
        g.origin = "built-in (models/gpus/h100-sxm5-80gb.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/h200-sxm-141gb.toml
        gpu_spec g;
        g.name = "H200-SXM-141GB";
        g.aliases = {"NVIDIA H200", "H200", "H200-SXM"};
        g.vendor = "NVIDIA";
        g.arch = architecture::hopper;
        g.chip = "GH100";
        g.compute_capability = "9.0";
        g.segment = market_segment::datacenter;
        g.form_factor = "SXM5";
        g.launch = "2023-11-13";
        g.notes = "Compute is identical to H100 SXM5 (132 SMs at 1980 MHz, tensor peaks at 1830 MHz; S11, S41): [datasheet] holds NVIDIA's\nsparse figures (989 / 1,979 / 1,979 / 3,958 / 3,958) halved; S11 prints FP16 990 dense.\nMemory bus: 6144 bits, six HBM3e stacks all active (S41; the H100 uses five of six). A reseller page's 8192-bit is not trusted.\nThe per-pin rate is backed out of the datasheet bandwidth: 4800 GB/s / 768 B = 6.25 Gbps (S41 estimates ~6.5; geektopia 6.2).\nCapacity: 141 GB marketed; six 24 GB stacks hold 144 GB physically (S41).\nL2: 50 MB, the same GH100 die as the H100 (S3); no H200-specific figure was read. Price: NVIDIA publishes none.";
        g.sm_count = 132;
        g.fp32_lanes_per_sm = 128;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 1980000000.0 * units::hertz;
        g.tensor_clock = 1830000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::hbm3e;
        g.marketed_memory = 141000000000.0 * units::byte;
        g.usable_memory = 150754820096.0 * units::byte;
        g.bus_width_bits = 6144;
        g.memory_data_rate = 6250000000.0 * units::hertz;
        g.l2_cache = 52428800.0 * units::byte;
        g.tdp = 700.0 * units::watt;
        g.pcie_gen = 5;
        g.nvlink_generation = 4;
        g.nvlink_bandwidth = 900000000000.0 * units::byte_per_second;
        g.datasheet.fp64 = 34000000000000.0 * units::flop_per_second;
        g.datasheet.fp64_tensor = 67000000000000.0 * units::flop_per_second;
        g.datasheet.fp32 = 67000000000000.0 * units::flop_per_second;
        g.datasheet.tf32 = 494500000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 989500000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 989500000000000.0 * units::flop_per_second;
        g.datasheet.fp8 = 1979000000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 1979000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 4800000000000.0 * units::byte_per_second;
        g.sources = {
            {"S10", "glennklockwood.com/garden/processors/{A100,h100,B200}: H100 1.83 GHz (low precision) / 1.98 GHz (high precision), whitepaper dense table; HGX B200 table"},
            {"S11", "Dell TCO engine GPU_SPECS table (public Python code): L4, L40S, H100, H200, B200 dense/sparse figures, memory, TDP, NVLink"},
            {"S12", "hmc-tech.com comparison pages (third-party): B200 148 SM / 18,944 / 592 TC / 1.98 GHz boost / 1.86 GHz tensor / 8192-bit / 7.5-7.7 GT/s; H200 1980 MHz; L40 362 TFLOPS dense"},
            {"S3", "NVIDIA Developer Blog 'NVIDIA Hopper Architecture In-Depth' (Mar 2022): SXM5 132 SM / PCIe 114 SM, 4 tensor cores per SM, 50 MB L2"},
            {"S41", "AnandTech 'NVIDIA at SC23: H200 Accelerator with HBM3e' (anandtech.com/show/21136) spec table: H200 6144-bit, ~6.5 Gbps HBM3E; H100 5120-bit, 5.24 Gbps HBM3; hwcooling.net H200 article (six HBM3E packages, 6144-bit bus)"},
            {"S67", "nvidia-smi in public GitHub files: 'gpu: 8 x NVIDIA H200, 143771 MiB each' (search-index id 56621425273); '1, GPU-one, NVIDIA H200, 143771, 9.0' (test fixture, id 66325588780)"},
            {"S7", "NVIDIA H100 datasheet table (archive-lib.hpctech.co.jp/gpuproduct/nvidia-h100.html): sparse figures, 'specifications 1/2 lower without sparsity'"}};
        g.origin = "built-in (models/gpus/h200-sxm-141gb.toml)";
        v.push_back(std::move(g));
    }
    {  // models/gpus/b200.toml
        gpu_spec g;
        g.name = "B200";
        g.aliases = {"NVIDIA B200"};
        g.vendor = "NVIDIA";
        g.arch = architecture::blackwell;
        g.chip = "GB100";
        g.compute_capability = "10.0";
        g.segment = market_segment::datacenter;
        g.form_factor = "SXM";
        g.launch = "2024-03";
        g.notes = "Low confidence: SM / core / tensor-core counts and both clocks are third-party (S12); no NVIDIA whitepaper count was read.\nChips and Cheese (S43) confirms 148 SMs (74 of 80 per die). tensor_clock_mhz = 1860 is hmc-tech's third-party 'tensor clock'\n(S12); with it, 592 x 1024 x 2 x 1.86 GHz = 2255 TFLOPS reproduces the 2250 dense FP16 figure.\nValues follow the shipping HGX B200 sheet (S11, S45): 180 GB, 7.7 TB/s, FP64 37, FP32 75. NVIDIA's launch figures were 192 GB,\n8 TB/s, FP64 40, FP32 80 (S10). The 8-GPU HGX table (S45) prints sparse tensor totals; [datasheet] holds them divided by 8 and\nhalved, e.g. TF32 18 PF / 8 / 2 = 1125 TFLOPS dense (a derived per-GPU figure, not printed per GPU); FP16 2250, FP8 / INT8 4500.\nCapacity: nvidia-smi reports 183359 MiB (192 GB physical); 180 GB is the marketed figure, S29 says 179 GB visible.\nBus: 8192 bits (S12); the per-pin rate is backed out of 7700 GB/s (7.52 Gbps; S12 gives 7.5-7.7 GT/s). L2 126 MB is measured by\nChips and Cheese (S43): medium confidence. Host link: DGX B200 runs PCIe Gen5 to its Xeon host (S46); S10's 'Gen6' is unverified.";
        g.sm_count = 148;
        g.fp32_lanes_per_sm = 128;
        g.tensor_cores_per_sm = 4;
        g.boost_clock = 1980000000.0 * units::hertz;
        g.tensor_clock = 1860000000.0 * units::hertz;
        g.fp32_accumulate_rate = 1.0;
        g.tensor_rating = 1.0;
        g.mem_type = memory_type::hbm3e;
        g.marketed_memory = 180000000000.0 * units::byte;
        g.usable_memory = 192265846784.0 * units::byte;
        g.bus_width_bits = 8192;
        g.memory_data_rate = 7520000000.0 * units::hertz;
        g.l2_cache = 132120576.0 * units::byte;
        g.tdp = 1000.0 * units::watt;
        g.pcie_gen = 5;
        g.nvlink_generation = 5;
        g.nvlink_bandwidth = 1800000000000.0 * units::byte_per_second;
        g.datasheet.fp64 = 37000000000000.0 * units::flop_per_second;
        g.datasheet.fp64_tensor = 37000000000000.0 * units::flop_per_second;
        g.datasheet.fp32 = 75000000000000.0 * units::flop_per_second;
        g.datasheet.tf32 = 1125000000000000.0 * units::flop_per_second;
        g.datasheet.fp16 = 2250000000000000.0 * units::flop_per_second;
        g.datasheet.bf16 = 2250000000000000.0 * units::flop_per_second;
        g.datasheet.fp8 = 4500000000000000.0 * units::flop_per_second;
        g.datasheet.int8 = 4500000000000000.0 * units::flop_per_second;
        g.datasheet.memory_bandwidth = 7700000000000.0 * units::byte_per_second;
        g.sources = {
            {"S10", "glennklockwood.com/garden/processors/{A100,h100,B200}: H100 1.83 GHz (low precision) / 1.98 GHz (high precision), whitepaper dense table; HGX B200 table"},
            {"S11", "Dell TCO engine GPU_SPECS table (public Python code): L4, L40S, H100, H200, B200 dense/sparse figures, memory, TDP, NVLink"},
            {"S12", "hmc-tech.com comparison pages (third-party): B200 148 SM / 18,944 / 592 TC / 1.98 GHz boost / 1.86 GHz tensor / 8192-bit / 7.5-7.7 GT/s; H200 1980 MHz; L40 362 TFLOPS dense"},
            {"S29", "docs.vultr.com inference-cookbook HGX B200 hardware overview (sm_100, 179 GB visible, 8.0 TB/s, 1000 W, NVLink 5 1.8 TB/s)"},
            {"S43", "Chips and Cheese, 'Nvidia's B200: Keeping the CUDA Juggernaut Rolling' (chipsandcheese.com): two dies, 74 of 80 SMs enabled per die = 148 SMs; L2 126 MB split across the dies"},
            {"S45", "fibermall.com 'NVIDIA HGX B300 overview' (HGX B300 NVL16 vs HGX B200 table, 8-GPU totals): FP64/FP64 Tensor 296 TF, FP32 600 TF, TF32 18 PF*, FP16/BF16 36 PF*, FP8 72 PF*, INT8 72 POPS* (*sparse), 1.4 TB"},
            {"S46", "vengineer.hatenablog.com (2025-04-24): DGX B200 host PCIe confirmed as Gen5 (Emerald Rapids host board, PCIe retimers on the HGX B200 board)"},
            {"S69", "nvidia-smi in public GitHub files: 'GPUs: 8 x NVIDIA B200, 183359 MiB each, full NVLink connectivity', driver 580.126.20 (search-index id 56347156568); 'index,name,memory.total: 0, NVIDIA B200, 183359 MiB' (id 55003976862)"}};
        g.origin = "built-in (models/gpus/b200.toml)";
        v.push_back(std::move(g));
    }
    return v;
}

}  // namespace detail
}  // namespace roofcast

#endif
