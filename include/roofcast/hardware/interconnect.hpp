/// @file
/// Links between GPUs and nodes (NVLink generations, PCIe, InfiniBand, RoCE, Ethernet) and the node
/// layout a multi-GPU run uses.
#ifndef ROOFCAST_HARDWARE_INTERCONNECT_HPP
#define ROOFCAST_HARDWARE_INTERCONNECT_HPP

#include <roofcast/detail/names.hpp>
#include <roofcast/error.hpp>
#include <roofcast/hardware/gpu_spec.hpp>

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {

/// A link technology: bandwidth per GPU in one direction, the fraction collectives achieve, and the
/// latency of one step of a ring collective.
struct link_spec {
    /// Name used on the command line, e.g. "nvlink3", "pcie4", "ib-ndr".
    std::string_view name;
    /// Description.
    std::string_view description;
    /// Raw bandwidth per GPU, one direction, B/s.
    double bandwidth;
    /// Fraction of it NCCL collectives achieve.
    double efficiency;
    /// Latency per ring step, s.
    double latency;
    /// SMs NCCL's collective kernels hold over this link, one CTA per channel that shares its SM with no other
    /// kernel (NVIDIA/nccl#689): 2 per NVLink to saturate it (nccl#1703), 24 observed on 12-link DGX A100
    /// (nccl-tests#100) and on 18-link H100 all-gathers; across nodes 2 per NIC, 16 with a NIC per GPU (nccl#689).
    int nccl_ctas;
    /// Where the bandwidth comes from.
    std::string_view source;
    /// Whether `bandwidth` is one link a whole node shares (a node's Ethernet port) rather than each GPU's own.
    bool per_node = false;
};

/// Every link roofcast knows. NVLink: NVIDIA's per-GPU totals (both directions) halved; PCIe x16: lanes ×
/// transfer rate × 128/130 encoding; networks: one NIC per GPU at the port rate.
inline constexpr std::array<link_spec, 19> links = {{
    {"nvlink2", "NVLink 2 (V100 SXM2/SXM3: 6 links)", 150e9, 0.8, 5e-6, 12, "NVIDIA V100: 300 GB/s NVLink per GPU"},
    {"nvlink3", "NVLink 3 (A100 SXM4: 12 links)", 300e9, 0.8, 5e-6, 24, "NVIDIA A100: 600 GB/s NVLink per GPU"},
    {"nvlink3-bridge", "NVLink 3 bridge between two PCIe cards (A40, RTX A6000)", 56.25e9, 0.8, 5e-6, 8,
     "NVIDIA A40 datasheet: 112.5 GB/s bidirectional"},
    {"nvlink4", "NVLink 4 (H100/H200 SXM: 18 links)", 450e9, 0.8, 5e-6, 24, "NVIDIA H100: 900 GB/s NVLink per GPU"},
    {"nvlink4-bridge", "NVLink 4 bridge between two H100 PCIe cards", 300e9, 0.8, 5e-6, 24,
     "NVIDIA H100 PCIe datasheet: 600 GB/s bridge"},
    {"nvlink5", "NVLink 5 (B200: 18 links)", 900e9, 0.8, 5e-6, 24, "NVIDIA B200: 1.8 TB/s NVLink per GPU"},
    {"pcie3", "PCIe 3.0 x16", 15.75e9, 0.75, 10e-6, 2, "PCI-SIG: 8 GT/s x 16 lanes x 128/130"},
    {"pcie4", "PCIe 4.0 x16", 31.5e9, 0.75, 10e-6, 2, "PCI-SIG: 16 GT/s x 16 lanes x 128/130"},
    {"pcie5", "PCIe 5.0 x16", 63e9, 0.75, 10e-6, 2, "PCI-SIG: 32 GT/s x 16 lanes x 128/130"},
    {"nvlink-c2c", "NVLink-C2C between a superchip's Grace CPU and its GPU (GH200)", 450e9, 0.75, 10e-6, 2,
     "NVIDIA GH200 datasheet: 900 GB/s NVLink-C2C, both directions"},
    {"ib-hdr", "InfiniBand HDR, 200 Gb/s per GPU", 25e9, 0.85, 15e-6, 16, "InfiniBand Trade Association: HDR 200 Gb/s"},
    {"ib-ndr", "InfiniBand NDR, 400 Gb/s per GPU", 50e9, 0.85, 15e-6, 16, "InfiniBand Trade Association: NDR 400 Gb/s"},
    {"ib-xdr", "InfiniBand XDR, 800 Gb/s per GPU", 100e9, 0.85, 15e-6, 16,
     "InfiniBand Trade Association: XDR 800 Gb/s"},
    {"ib-edr-dgx2", "InfiniBand EDR on DGX-2: 8 x 100 Gb/s ports for 16 GPUs, 50 Gb/s per GPU", 6.25e9, 0.85, 15e-6, 16,
     "NVIDIA DGX-2 datasheet: 8 x 100 Gb/s InfiniBand EDR"},
    {"efa-p5", "AWS EFA v2 on p5 instances: 3200 Gb/s for 8 GPUs, 400 Gb/s per GPU", 50e9, 0.8, 20e-6, 16,
     "AWS EC2 P5 instances: 3,200 Gbps of EFAv2 networking per 8 H100"},
    {"roce-50g", "RoCE, a 400 Gb/s node link shared by 8 GPUs, 50 Gb/s per GPU", 6.25e9, 0.8, 20e-6, 2,
     "IEEE 802.3: 400 Gb/s per node"},
    {"roce-100g", "RoCE over 100 Gb Ethernet per GPU", 12.5e9, 0.8, 20e-6, 16, "IEEE 802.3: 100 Gb/s"},
    {"roce-400g", "RoCE over 400 Gb Ethernet per GPU", 50e9, 0.8, 20e-6, 16, "IEEE 802.3: 400 Gb/s"},
    {"ethernet-25g", "TCP over 25 Gb Ethernet per node", 3.125e9, 0.7, 50e-6, 2, "IEEE 802.3: 25 Gb/s", true},
}};

/// The link called `name` (case-insensitive); throws unknown_name_error with the closest names.
inline const link_spec& find_link(std::string_view name) {
    std::vector<std::pair<std::string, std::string>> spellings;
    for (const link_spec& l : links) {
        if (detail::normalize_name(l.name) == detail::normalize_name(name)) {
            return l;
        }
        spellings.emplace_back(std::string(l.name), std::string(l.name));
    }
    throw unknown_name_error("interconnect", std::string(name), detail::closest_names(name, spellings));
}

/// GPUs in one node unless told otherwise: 8 (DGX/HGX boards); superchips 4 (gpus_per_node_of(g)).
inline constexpr int default_gpus_per_node = 8;

/// How the GPUs of a run are connected: GPUs per node, the link inside a node and the network between nodes.
struct node_layout {
    /// GPUs in one node.
    int gpus_per_node = default_gpus_per_node;
    /// Link among the GPUs of a node.
    const link_spec* intra = nullptr;
    /// Network between nodes.
    const link_spec* inter = nullptr;
};

/// Whether `g` is the GPU of a superchip (GH200: a Grace CPU beside it on one module, joined by NVLink-C2C).
inline bool is_superchip(const gpu_spec& g) {
    return g.form_factor == "Superchip";
}

/// The GPUs per node of `g`'s usual systems: 4 GH200 superchips, else default_gpus_per_node.
inline int gpus_per_node_of(const gpu_spec& g) {
    return is_superchip(g) ? 4 : default_gpus_per_node;
}

/// The PCIe x16 link of `g`'s generation (PCIe 3 for older or unknown ones).
inline const link_spec& pcie_link(const gpu_spec& g) {
    return find_link(g.pcie_gen >= 5 ? "pcie5" : g.pcie_gen == 4 ? "pcie4" : "pcie3");
}

/// The default layout for `g`: gpus_per_node_of(g) GPUs per node; SXM parts connect by their NVLink
/// generation, PCIe cards by PCIe of their generation (an NVLink bridge only joins pairs: `group` ≤ 2);
/// nodes connect by InfiniBand HDR (before Hopper) or NDR (Hopper and later).
inline node_layout default_layout(const gpu_spec& g, int group) {
    node_layout n;
    n.gpus_per_node = gpus_per_node_of(g);
    const bool sxm = g.form_factor.rfind("SXM", 0) == 0 || is_superchip(g);
    const int gen = g.nvlink_generation.value_or(0);
    if (sxm && gen >= 2) {
        n.intra = &find_link(gen == 2 ? "nvlink2" : gen == 3 ? "nvlink3" : gen == 4 ? "nvlink4" : "nvlink5");
    } else if (gen >= 3 && group <= 2 && g.nvlink_bandwidth) {
        n.intra = &find_link(gen == 3 ? "nvlink3-bridge" : "nvlink4-bridge");
    } else {
        n.intra = &pcie_link(g);
    }
    const bool recent = g.arch == architecture::hopper || g.arch == architecture::blackwell;
    n.inter = &find_link(recent ? "ib-ndr" : "ib-hdr");
    return n;
}

/// The link between `g` and its host's memory, over which offloaded states and activations travel: NVLink-C2C on a
/// superchip, else PCIe x16 of its generation.
inline const link_spec& host_link(const gpu_spec& g) {
    if (is_superchip(g)) {
        return find_link("nvlink-c2c");
    }
    return pcie_link(g);
}

/// Host-memory bandwidth one GPU's share of its node streams, B/s (what an optimizer step on the CPU reads and
/// writes at): a superchip's own Grace LPDDR5X, 410 GB/s by STREAM triad (NVIDIA Grace Performance Tuning Guide,
/// "Basic System Health Checks"); an x86 node's two sockets of eight DDR channels shared by its
/// default_gpus_per_node GPUs, DDR4-3200 (25.6 GB/s a channel: DGX A100's EPYC 7742) before PCIe 5 and DDR5-4800
/// (38.4 GB/s: DGX H100's Xeon 8480C) with it.
inline double host_memory_bandwidth(const gpu_spec& g) {
    if (is_superchip(g)) {
        return 410e9;
    }
    const double channel = g.pcie_gen >= 5 ? 38.4e9 : 25.6e9;
    return 2.0 * 8.0 * channel / default_gpus_per_node;
}

}  // namespace roofcast

#endif
