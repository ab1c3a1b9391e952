/// @file
/// MIG (Multi-Instance GPU): the GPU-instance profiles of NVIDIA's MIG User Guide, and each profile as
/// a smaller gpu_spec (its SMs, its share of the memory controllers, L2 and board power).
#ifndef ROOFCAST_HARDWARE_MIG_HPP
#define ROOFCAST_HARDWARE_MIG_HPP

#include <roofcast/detail/names.hpp>
#include <roofcast/error.hpp>
#include <roofcast/hardware/gpu_spec.hpp>

#include <array>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {

/// One MIG GPU-instance profile of one GPU family, e.g. A100-40GB "1g.5gb": one of seven compute slices
/// and one of eight memory slices. A memory slice is its share of the memory controllers, DRAM and L2
/// ("Concepts" page of NVIDIA's MIG User Guide).
struct mig_profile {
    /// GPU family the profile belongs to, e.g. "A100-40GB" (A100-SXM4-40GB and A100-PCIe-40GB).
    std::string_view gpu_family;
    /// Profile name as nvidia-smi prints it without "MIG ", e.g. "1g.5gb" or "1g.5gb+me".
    std::string_view name;
    /// Compute (SM) slices of the instance: the "1" of "1g".
    int compute_slices;
    /// Compute slices of the whole GPU in MIG mode (7; A30: 4).
    int compute_slices_total;
    /// Memory slices of the instance (the -lgipp placement size).
    int memory_slices;
    /// Memory slices of the whole GPU (8; A30: 4).
    int memory_slices_total;
    /// SMs of the instance, as `nvidia-smi mig -lgip` reports them. Not always compute_slices times a
    /// constant: on H100 SXM5 a 1g has 16 SMs and the 7g all 132.
    int sms;
    /// Memory of the instance in GiB, as `nvidia-smi mig -lgip` prints it.
    double memory_gib;
    /// Fraction of the GPU's L2 cache the instance owns.
    double l2_fraction;
    /// Most instances of this profile one GPU holds at once.
    int max_instances;
    /// Where the numbers come from (guide table, device queries) and any value that is inferred.
    std::string_view source;
};

namespace detail {

/// Source of the A100 40GB rows.
inline constexpr std::string_view mig_src_a100_40 =
    "NVIDIA MIG User Guide, 'Supported MIG Profiles' (docs.nvidia.com/datacenter/tesla/mig-user-guide/"
    "supported-mig-profiles.html), A100 table: fractions of memory, SMs and L2, instances. SMs and GiB: "
    "nvidia-smi mig -lgip on A100 40GB in public GitHub files (search-index ids 34587168427, 42708883739, "
    "59394323937); some drivers print 9.62 / 19.50 / 39.25 GiB instead of 9.75 / 19.62 / 39.50.";

/// Source of the A100 40GB 1g.10gb (two memory slices).
inline constexpr std::string_view mig_src_a100_40_1g10 =
    "NVIDIA MIG User Guide, 'Supported MIG Profiles', A100 table (4 instances; R525+ drivers). The table "
    "prints memory 1/8 and L2 1/8 for 1g.10gb, but the name (10 GB), -lgip (9.75 GiB, as 2g.10gb) and the "
    "guide's own -lgipp placement size 2 ('Getting Started') give 2 of 8 memory slices, and a memory slice "
    "includes its memory controllers and cache ('Concepts'): memory 2/8, L2 2/8 used. SMs: -lgip "
    "(search-index ids 34587168427, 59394323937).";

/// Source of the A100 80GB rows.
inline constexpr std::string_view mig_src_a100_80 =
    "NVIDIA MIG User Guide, 'Supported MIG Profiles', A100 table (names scaled for 80GB as the guide "
    "states). SMs and GiB: nvidia-smi mig -lgip on A100 80GB in public GitHub files (search-index ids "
    "56654340326, 23354834134; driver 515.86.01: 36981796389).";

/// Source of the A100 80GB 1g.20gb (two memory slices).
inline constexpr std::string_view mig_src_a100_80_1g20 =
    "NVIDIA MIG User Guide, 'Supported MIG Profiles', A100 table (1g.20gb = the 80GB name of 1g.10gb; 4 "
    "instances). 2 of 8 memory slices (-lgip 19.50 GiB, as 2g.20gb; placement size 2), so L2 2/8 although "
    "the table prints 1/8 ('Concepts': a memory slice includes its cache). SMs: -lgip (search-index ids "
    "56654340326, 23354834134).";

/// Source of the A30 rows.
inline constexpr std::string_view mig_src_a30 =
    "NVIDIA MIG User Guide, 'Supported MIG Profiles', A30 table: fractions of memory, SMs and L2 in "
    "quarters, instances. SMs and GiB: nvidia-smi mig -lgip on A30 in public GitHub files (search-index ids "
    "25510043945, 30606127464).";

/// Source of the H100 SXM5 80GB rows.
inline constexpr std::string_view mig_src_h100 =
    "NVIDIA MIG User Guide, 'Supported MIG Profiles', H100 80GB table (PCIe and SXM5). SMs and GiB: "
    "nvidia-smi mig -lgip on 'NVIDIA H100 80GB HBM3' (SXM5) in public GitHub files (search-index ids "
    "8225626544, 52885409783, 57375608180). SMs per compute slice are not uniform (16 / 32 / 60 / 64 / "
    "132); the guide's 1/7 is approximate.";

/// Source of the H100 SXM5 1g.20gb (two memory slices).
inline constexpr std::string_view mig_src_h100_1g20 =
    "NVIDIA MIG User Guide, 'Supported MIG Profiles', H100 80GB table (memory 1/4, 4 instances). -lgip "
    "reports 26 SMs (search-index ids 8225626544, 52885409783, 57375608180). The table prints L2 1/8; 2/8 "
    "is used: the instance holds 2 memory slices, each with its cache ('Concepts'), and the guide's B200 "
    "table lists L2 2/8 for the analogous 1g.45gb.";

/// Source of the H100 PCIe 80GB rows.
inline constexpr std::string_view mig_src_h100_pcie =
    "NVIDIA MIG User Guide, 'Supported MIG Profiles', H100 80GB table (PCIe and SXM5). SMs and GiB: "
    "nvidia-smi mig -lgip on 'NVIDIA H100 PCIe' (114 SMs), driver 570.169, in a public GitHub file "
    "(search-index id 52712584324): 14 / 30 / 46 / 62 / 114 SMs.";

/// Source of the H100 PCIe 1g.20gb (two memory slices).
inline constexpr std::string_view mig_src_h100_pcie_1g20 =
    "NVIDIA MIG User Guide, 'Supported MIG Profiles', H100 80GB table (memory 1/4, 4 instances); -lgip on "
    "H100 PCIe: 14 SMs, 19.62 GiB (search-index id 52712584324). L2 2/8 although the table prints 1/8 (2 "
    "memory slices, each with its cache, 'Concepts').";

/// Source of the H200 rows read from device queries.
inline constexpr std::string_view mig_src_h200 =
    "NVIDIA MIG User Guide, 'Supported MIG Profiles', H200 141GB table. nvidia-smi mig -lgip on H200 in a "
    "public GitHub test fixture (search-index id 57000499299): 1g.18gb 16.00 GiB / 16 SMs, 2g.35gb 32.50 / "
    "32, 7g.141gb 140.00 / 132; users report 1g.18gb '16.0 GiB usable, 16 SMs' (id 57663898020).";

/// Source of the H200 1g.35gb (inferred SMs and memory).
inline constexpr std::string_view mig_src_h200_1g35 =
    "NVIDIA MIG User Guide, 'Supported MIG Profiles', H200 141GB table (memory 1/4, 4 instances). Not read "
    "for H200, inferred: 26 SMs as the 1g two-memory-slice profiles of the same 132-SM GH100 (H100 SXM5 "
    "1g.20gb, GH200 1g.24gb: -lgip, search-index ids 8225626544, 47311145429); 32.50 GiB as the H200 "
    "2g.35gb, which has the same two memory slices (id 57000499299). L2 2/8 although the table prints 1/8.";

/// Source of the H200 3g.71gb and 4g.71gb (inferred memory).
inline constexpr std::string_view mig_src_h200_3g4g =
    "NVIDIA MIG User Guide, 'Supported MIG Profiles', H200 141GB table. SMs: 3g.71gb 60, 4g.71gb 64 in "
    "public benchmark logs (search-index ids 68540782492, 26368447233). GiB not read, inferred: 65.00 = "
    "twice the 2g.35gb's 32.50 (conservative; half the 7g.141gb's 140.00 would be 70.00).";

/// Source of the GH200 rows.
inline constexpr std::string_view mig_src_gh200 =
    "NVIDIA MIG User Guide, 'Supported MIG Profiles', H100 96GB (H100 on GH200) table. SMs and GiB: "
    "nvidia-smi mig -lgip on a GH200 in a public GitHub file (search-index id 47311145429). 1g.24gb: L2 "
    "2/8 used although the table prints 1/8 (2 memory slices, each with its cache, 'Concepts').";

}  // namespace detail

/// The MIG GPU-instance profiles roofcast knows: every profile of the A100 (40 and 80 GB), A30, H100
/// (SXM5 and PCIe, 80 GB), H200 141GB and GH200 (H100 96GB) tables of NVIDIA's MIG User Guide, with the
/// SM and memory figures that `nvidia-smi mig -lgip` reports for them. The "+me" profiles add media
/// engines only; their compute and memory equal the plain profile's.
inline constexpr std::array<mig_profile, 47> mig_profile_table = {{
    // A100 40GB (A100-SXM4-40GB, A100-PCIe-40GB): 7 compute slices of 14 SMs (98 of 108 SMs), 8 memory slices.
    {"A100-40GB", "1g.5gb", 1, 7, 1, 8, 14, 4.75, 1.0 / 8, 7, detail::mig_src_a100_40},
    {"A100-40GB", "1g.5gb+me", 1, 7, 1, 8, 14, 4.75, 1.0 / 8, 1, detail::mig_src_a100_40},
    {"A100-40GB", "1g.10gb", 1, 7, 2, 8, 14, 9.75, 2.0 / 8, 4, detail::mig_src_a100_40_1g10},
    {"A100-40GB", "2g.10gb", 2, 7, 2, 8, 28, 9.75, 2.0 / 8, 3, detail::mig_src_a100_40},
    {"A100-40GB", "3g.20gb", 3, 7, 4, 8, 42, 19.62, 4.0 / 8, 2, detail::mig_src_a100_40},
    {"A100-40GB", "4g.20gb", 4, 7, 4, 8, 56, 19.62, 4.0 / 8, 1, detail::mig_src_a100_40},
    {"A100-40GB", "7g.40gb", 7, 7, 8, 8, 98, 39.50, 1.0, 1, detail::mig_src_a100_40},
    // A100 80GB (A100-SXM4-80GB, A100-PCIe-80GB).
    {"A100-80GB", "1g.10gb", 1, 7, 1, 8, 14, 9.50, 1.0 / 8, 7, detail::mig_src_a100_80},
    {"A100-80GB", "1g.10gb+me", 1, 7, 1, 8, 14, 9.50, 1.0 / 8, 1, detail::mig_src_a100_80},
    {"A100-80GB", "1g.20gb", 1, 7, 2, 8, 14, 19.50, 2.0 / 8, 4, detail::mig_src_a100_80_1g20},
    {"A100-80GB", "2g.20gb", 2, 7, 2, 8, 28, 19.50, 2.0 / 8, 3, detail::mig_src_a100_80},
    {"A100-80GB", "3g.40gb", 3, 7, 4, 8, 42, 39.25, 4.0 / 8, 2, detail::mig_src_a100_80},
    {"A100-80GB", "4g.40gb", 4, 7, 4, 8, 56, 39.25, 4.0 / 8, 1, detail::mig_src_a100_80},
    {"A100-80GB", "7g.80gb", 7, 7, 8, 8, 98, 79.00, 1.0, 1, detail::mig_src_a100_80},
    // A30: 4 compute slices of 14 SMs, 4 memory slices.
    {"A30", "1g.6gb", 1, 4, 1, 4, 14, 5.81, 1.0 / 4, 4, detail::mig_src_a30},
    {"A30", "1g.6gb+me", 1, 4, 1, 4, 14, 5.81, 1.0 / 4, 1, detail::mig_src_a30},
    {"A30", "2g.12gb", 2, 4, 2, 4, 28, 11.69, 2.0 / 4, 2, detail::mig_src_a30},
    {"A30", "2g.12gb+me", 2, 4, 2, 4, 28, 11.69, 2.0 / 4, 1, detail::mig_src_a30},
    {"A30", "4g.24gb", 4, 4, 4, 4, 56, 23.44, 1.0, 1, detail::mig_src_a30},
    // H100 SXM5 80GB (132 SMs).
    {"H100-80GB", "1g.10gb", 1, 7, 1, 8, 16, 9.75, 1.0 / 8, 7, detail::mig_src_h100},
    {"H100-80GB", "1g.10gb+me", 1, 7, 1, 8, 16, 9.75, 1.0 / 8, 1, detail::mig_src_h100},
    {"H100-80GB", "1g.20gb", 1, 7, 2, 8, 26, 19.62, 2.0 / 8, 4, detail::mig_src_h100_1g20},
    {"H100-80GB", "2g.20gb", 2, 7, 2, 8, 32, 19.62, 2.0 / 8, 3, detail::mig_src_h100},
    {"H100-80GB", "3g.40gb", 3, 7, 4, 8, 60, 39.50, 4.0 / 8, 2, detail::mig_src_h100},
    {"H100-80GB", "4g.40gb", 4, 7, 4, 8, 64, 39.50, 4.0 / 8, 1, detail::mig_src_h100},
    {"H100-80GB", "7g.80gb", 7, 7, 8, 8, 132, 79.25, 1.0, 1, detail::mig_src_h100},
    // H100 PCIe 80GB (114 SMs): same profiles, fewer SMs.
    {"H100-PCIe-80GB", "1g.10gb", 1, 7, 1, 8, 14, 9.75, 1.0 / 8, 7, detail::mig_src_h100_pcie},
    {"H100-PCIe-80GB", "1g.10gb+me", 1, 7, 1, 8, 14, 9.75, 1.0 / 8, 1, detail::mig_src_h100_pcie},
    {"H100-PCIe-80GB", "1g.20gb", 1, 7, 2, 8, 14, 19.62, 2.0 / 8, 4, detail::mig_src_h100_pcie_1g20},
    {"H100-PCIe-80GB", "2g.20gb", 2, 7, 2, 8, 30, 19.62, 2.0 / 8, 3, detail::mig_src_h100_pcie},
    {"H100-PCIe-80GB", "3g.40gb", 3, 7, 4, 8, 46, 39.50, 4.0 / 8, 2, detail::mig_src_h100_pcie},
    {"H100-PCIe-80GB", "4g.40gb", 4, 7, 4, 8, 62, 39.50, 4.0 / 8, 1, detail::mig_src_h100_pcie},
    {"H100-PCIe-80GB", "7g.80gb", 7, 7, 8, 8, 114, 79.25, 1.0, 1, detail::mig_src_h100_pcie},
    // H200 141GB (132 SMs).
    {"H200-141GB", "1g.18gb", 1, 7, 1, 8, 16, 16.00, 1.0 / 8, 7, detail::mig_src_h200},
    {"H200-141GB", "1g.18gb+me", 1, 7, 1, 8, 16, 16.00, 1.0 / 8, 1, detail::mig_src_h200},
    {"H200-141GB", "1g.35gb", 1, 7, 2, 8, 26, 32.50, 2.0 / 8, 4, detail::mig_src_h200_1g35},
    {"H200-141GB", "2g.35gb", 2, 7, 2, 8, 32, 32.50, 2.0 / 8, 3, detail::mig_src_h200},
    {"H200-141GB", "3g.71gb", 3, 7, 4, 8, 60, 65.00, 4.0 / 8, 2, detail::mig_src_h200_3g4g},
    {"H200-141GB", "4g.71gb", 4, 7, 4, 8, 64, 65.00, 4.0 / 8, 1, detail::mig_src_h200_3g4g},
    {"H200-141GB", "7g.141gb", 7, 7, 8, 8, 132, 140.00, 1.0, 1, detail::mig_src_h200},
    // GH200 (the guide's "H100 96GB, H100 on GH200"; 132 SMs).
    {"GH200-96GB", "1g.12gb", 1, 7, 1, 8, 16, 11.00, 1.0 / 8, 7, detail::mig_src_gh200},
    {"GH200-96GB", "1g.12gb+me", 1, 7, 1, 8, 16, 11.00, 1.0 / 8, 1, detail::mig_src_gh200},
    {"GH200-96GB", "1g.24gb", 1, 7, 2, 8, 26, 23.00, 2.0 / 8, 4, detail::mig_src_gh200},
    {"GH200-96GB", "2g.24gb", 2, 7, 2, 8, 32, 23.00, 2.0 / 8, 3, detail::mig_src_gh200},
    {"GH200-96GB", "3g.48gb", 3, 7, 4, 8, 60, 46.50, 4.0 / 8, 2, detail::mig_src_gh200},
    {"GH200-96GB", "4g.48gb", 4, 7, 4, 8, 64, 46.50, 4.0 / 8, 1, detail::mig_src_gh200},
    {"GH200-96GB", "7g.96gb", 7, 7, 8, 8, 132, 93.00, 1.0, 1, detail::mig_src_gh200},
}};

namespace detail {

/// A catalog GPU and the MIG profile family it uses.
struct mig_family_entry {
    /// Catalog name of the GPU.
    std::string_view gpu;
    /// Its mig_profile::gpu_family.
    std::string_view family;
};

/// Catalog GPUs with MIG profiles. B200 is MIG-capable too, but its instance SM counts were not found.
inline constexpr std::array<mig_family_entry, 9> mig_families = {{
    {"A100-SXM4-40GB", "A100-40GB"},
    {"A100-PCIe-40GB", "A100-40GB"},
    {"A100-SXM4-80GB", "A100-80GB"},
    {"A100-PCIe-80GB", "A100-80GB"},
    {"A30", "A30"},
    {"H100-SXM5-80GB", "H100-80GB"},
    {"H100-PCIe-80GB", "H100-PCIe-80GB"},
    {"H200-SXM-141GB", "H200-141GB"},
    {"GH200", "GH200-96GB"},
}};

/// The MIG family of `g` (matched by name or alias, case-insensitively), or "" when it has none.
inline std::string_view mig_family_of(const gpu_spec& g) {
    std::vector<std::string> spellings{normalize_name(g.name)};
    for (const std::string& a : g.aliases) {
        spellings.push_back(normalize_name(a));
    }
    for (const mig_family_entry& e : mig_families) {
        const std::string key = normalize_name(e.gpu);
        for (const std::string& s : spellings) {
            if (s == key) {
                return e.family;
            }
        }
    }
    return {};
}

/// `profile` normalized for matching, with nvidia-smi's "MIG " (or Kubernetes' "mig-") prefix removed.
inline std::string normalize_mig_profile(std::string_view profile) {
    std::string n = normalize_name(profile);
    if (n.rfind("mig-", 0) == 0) {
        n.erase(0, 4);
    }
    return n;
}

/// Comma-separated catalog names of the GPUs with MIG profiles.
inline std::string mig_gpu_list() {
    std::string out;
    for (const mig_family_entry& e : mig_families) {
        out += (out.empty() ? "" : ", ") + std::string(e.gpu);
    }
    return out;
}

}  // namespace detail

/// The MIG profile names of `g` in the guide's order (smallest first), or an empty list when roofcast
/// has no MIG profiles for it (a GPU without MIG, or one whose profiles are not tabulated).
inline std::vector<std::string> mig_profile_names(const gpu_spec& g) {
    std::vector<std::string> names;
    const std::string_view family = detail::mig_family_of(g);
    if (family.empty()) {
        return names;
    }
    for (const mig_profile& p : mig_profile_table) {
        if (p.gpu_family == family) {
            names.emplace_back(p.name);
        }
    }
    return names;
}

/// The profile `profile` of `g` (case-insensitive; a leading "MIG " or "mig-" is ignored). Throws
/// unsupported_error when `g` has no MIG profiles, unknown_name_error (with the closest profile names of
/// `g`) when it has no such profile.
inline const mig_profile& find_mig_profile(const gpu_spec& g, std::string_view profile) {
    const std::string_view family = detail::mig_family_of(g);
    if (family.empty()) {
        throw unsupported_error(g.name + " has no MIG (Multi-Instance GPU) profiles in roofcast; MIG is modelled for " +
                                detail::mig_gpu_list());
    }
    const std::string key = detail::normalize_mig_profile(profile);
    std::vector<std::pair<std::string, std::string>> spellings;
    for (const mig_profile& p : mig_profile_table) {
        if (p.gpu_family != family) {
            continue;
        }
        if (detail::normalize_name(p.name) == key) {
            return p;
        }
        spellings.emplace_back(std::string(p.name), std::string(p.name));
    }
    throw unknown_name_error("MIG profile", std::string(profile), detail::closest_names(key, spellings));
}

/// The MIG instance `profile` of `g` as a GPU of its own, named "<GPU>:<profile>":
///   - SMs: the instance's (profile table); clocks, per-SM units and memory data rate are the GPU's, so
///     peak() scales with the SM count;
///   - memory: usable = the instance's GiB as nvidia-smi reports it; marketed capacity and bus width
///     scaled by memory_slices / memory_slices_total (the instance owns that share of the memory
///     controllers, so memory_bandwidth() scales the same way); L2 scaled by l2_fraction;
///   - power: TDP scaled by compute_slices / compute_slices_total, the slice's share of board power for
///     the power model (memory and board overheads are not split separately);
///   - NVLink removed (MIG instances have no GPU-to-GPU peer-to-peer), launch price removed, datasheet
///     claims cleared and aliases cleared (they describe the whole GPU).
/// Throws like find_mig_profile.
inline gpu_spec mig_slice(const gpu_spec& g, std::string_view profile) {
    const mig_profile& p = find_mig_profile(g, profile);
    const double memory_share = static_cast<double>(p.memory_slices) / p.memory_slices_total;
    const double compute_share = static_cast<double>(p.compute_slices) / p.compute_slices_total;

    gpu_spec s = g;
    s.name = g.name + ":" + std::string(p.name);
    s.aliases.clear();
    s.sm_count = p.sms;
    s.usable_memory = p.memory_gib * 1073741824.0 * units::byte;
    s.marketed_memory = g.marketed_memory * memory_share;
    s.bus_width_bits = g.bus_width_bits * p.memory_slices / p.memory_slices_total;
    s.l2_cache = g.l2_cache * p.l2_fraction;
    s.tdp = g.tdp * compute_share;
    s.nvlink_generation.reset();
    s.nvlink_bandwidth.reset();
    s.launch_price_usd.reset();
    s.datasheet = datasheet_claims{};

    std::ostringstream notes;
    notes << "MIG instance " << p.name << " of " << g.name << " (" << p.max_instances << " at most per GPU): " << p.sms
          << " of " << g.sm_count << " SMs (" << p.compute_slices << "/" << p.compute_slices_total
          << " compute slices); " << p.memory_slices << "/" << p.memory_slices_total
          << " memory slices, so marketed capacity and bus width (hence bandwidth) scale by that share; "
          << "usable memory " << p.memory_gib << " GiB as nvidia-smi mig -lgip reports it; L2 x " << p.l2_fraction
          << "; TDP x " << p.compute_slices << "/" << p.compute_slices_total
          << " (the slice's share of board power). Clocks, per-SM units and memory data rate are the full GPU's. "
          << "NVLink removed (no peer-to-peer between MIG instances); datasheet claims, aliases and price "
          << "cleared (they describe the whole GPU). Source: " << p.source;
    s.notes = notes.str();
    s.sources.push_back({"MIG", std::string(p.source)});
    s.origin = "MIG slice of " + g.name + " (NVIDIA MIG User Guide)";
    return s;
}

/// Splits "A100-SXM4-40GB:1g.5gb" at the last ':' into {"A100-SXM4-40GB", "1g.5gb"}; std::nullopt when
/// `name` has no ':'. Either part may be empty ("A100:" gives {"A100", ""}).
inline std::optional<std::pair<std::string, std::string>> split_mig_name(std::string_view name) {
    const std::size_t colon = name.rfind(':');
    if (colon == std::string_view::npos) {
        return std::nullopt;
    }
    return std::make_pair(std::string(name.substr(0, colon)), std::string(name.substr(colon + 1)));
}

}  // namespace roofcast

#endif
