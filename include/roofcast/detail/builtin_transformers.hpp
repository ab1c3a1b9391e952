// clang-format off
/// @file
/// The built-in transformer models. GENERATED from models/workloads/*.toml by roofcast-gen-workloads
/// (`cmake --build build --target regenerate-workloads`); do not edit by hand.
#ifndef ROOFCAST_DETAIL_BUILTIN_TRANSFORMERS_HPP
#define ROOFCAST_DETAIL_BUILTIN_TRANSFORMERS_HPP

#include <roofcast/workload/transformer.hpp>

#include <utility>
#include <vector>

namespace roofcast {
namespace detail {

/// Every transformer of models/workloads/, ordered by name.
inline std::vector<transformer_config> builtin_transformers() {
    std::vector<transformer_config> v;
    v.reserve(73);
    {  // models/workloads/bert-base.toml
        transformer_config t;
        t.name = "bert-base";
        t.aliases = {"bert-base-uncased", "google-bert/bert-base-uncased"};
        t.description = "BERT-Base uncased: 12-layer encoder, hidden 768, 12 heads, vocab 30522, 512 positions, token types and pooler";
        t.kind = transformer_kind::encoder;
        t.layers = 12;
        t.decoder_layers = 0;
        t.hidden = 768;
        t.heads = 12;
        t.kv_heads = 12;
        t.head_dim = 64;
        t.ffn_hidden = 3072;
        t.ffn = ffn_kind::gelu;
        t.vocab = 30522;
        t.max_seq = 512;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 2;
        t.pooler = true;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 110000000.0;
        t.sources = {
            {"S1", "Devlin et al., 'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding' (arXiv:1810.04805), Section 3: BERT_BASE L=12, H=768, A=12, Total Parameters=110M; feed-forward size 4H; learned position embeddings, segment (token type) embeddings"},
            {"S2", "Hugging Face google-bert/bert-base-uncased config.json: hidden_size 768, num_hidden_layers 12, num_attention_heads 12, intermediate_size 3072, hidden_act gelu, vocab_size 30522, max_position_embeddings 512, type_vocab_size 2"},
            {"S3", "Hugging Face transformers models/bert/modeling_bert.py: BertEmbeddings (word, position and token-type tables, LayerNorm with weight and bias), nn.Linear layers with bias, BertPooler (dense hidden x hidden + tanh), MLM decoder tied to the word embeddings"}};
        t.origin = "built-in (models/workloads/bert-base.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/bert-large.toml
        transformer_config t;
        t.name = "bert-large";
        t.aliases = {"bert-large-uncased", "google-bert/bert-large-uncased"};
        t.description = "BERT-Large uncased: 24-layer encoder, hidden 1024, 16 heads, vocab 30522, 512 positions, token types and pooler";
        t.kind = transformer_kind::encoder;
        t.layers = 24;
        t.decoder_layers = 0;
        t.hidden = 1024;
        t.heads = 16;
        t.kv_heads = 16;
        t.head_dim = 64;
        t.ffn_hidden = 4096;
        t.ffn = ffn_kind::gelu;
        t.vocab = 30522;
        t.max_seq = 512;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 2;
        t.pooler = true;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 340000000.0;
        t.sources = {
            {"S1", "Devlin et al., 'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding' (arXiv:1810.04805), Section 3: BERT_LARGE L=24, H=1024, A=16, Total Parameters=340M; feed-forward size 4H; learned position embeddings, segment (token type) embeddings"},
            {"S2", "Hugging Face google-bert/bert-large-uncased config.json: hidden_size 1024, num_hidden_layers 24, num_attention_heads 16, intermediate_size 4096, hidden_act gelu, vocab_size 30522, max_position_embeddings 512, type_vocab_size 2"},
            {"S3", "Hugging Face transformers models/bert/modeling_bert.py: BertEmbeddings (word, position and token-type tables, LayerNorm with weight and bias), nn.Linear layers with bias, BertPooler (dense hidden x hidden + tanh), MLM decoder tied to the word embeddings"},
            {"S4", "NeuSight ASPLOS artifact scripts/asplos/data/DLmodel_configs/bert_large.json: hidden_size 1024, num_hidden_layers 24, num_attention_heads 16, intermediate_size 4096, vocab_size 30522, max_position_embeddings 512, type_vocab_size 2"}};
        t.origin = "built-in (models/workloads/bert-large.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/bge-small-en-v1.5.toml
        transformer_config t;
        t.name = "bge-small-en-v1.5";
        t.aliases = {"BAAI/bge-small-en-v1.5"};
        t.description = "BGE small en v1.5: 12-layer BERT encoder, hidden 384, 12 heads, GELU FFN 1536, vocab 30522, 512 positions, token types and pooler";
        t.kind = transformer_kind::encoder;
        t.layers = 12;
        t.decoder_layers = 0;
        t.hidden = 384;
        t.heads = 12;
        t.kv_heads = 12;
        t.head_dim = 32;
        t.ffn_hidden = 1536;
        t.ffn = ffn_kind::gelu;
        t.vocab = 30522;
        t.max_seq = 512;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 2;
        t.pooler = true;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 33400000.0;
        t.sources = {
            {"S1", "Hugging Face BAAI/bge-small-en-v1.5 model card (BGE, BAAI General Embedding; paper: Xiao et al., 'C-Pack: Packaged Resources To Advance General Chinese Embedding', arXiv:2309.07597): MTEB table row BAAI/bge-small-en-v1.5 with dimension 384 and sequence length 512; the last hidden state of [CLS] is the sentence embedding"},
            {"S2", "Hugging Face BAAI/bge-small-en-v1.5 config.json: architectures BertModel, model_type bert, hidden_size 384, num_hidden_layers 12, num_attention_heads 12, intermediate_size 1536, hidden_act gelu, vocab_size 30522, max_position_embeddings 512, type_vocab_size 2, position_embedding_type absolute"},
            {"S3", "Hugging Face transformers models/bert/modeling_bert.py: BertEmbeddings (word, position and token-type tables, LayerNorm with weight and bias), nn.Linear layers with bias, BertPooler (dense hidden x hidden + tanh); BertModel has no output layer of its own"},
            {"S4", "Hugging Face BAAI/bge-small-en-v1.5 model page: 33.4M params (the released safetensors weights)"}};
        t.origin = "built-in (models/workloads/bge-small-en-v1.5.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/deepseek-coder-6.7b.toml
        transformer_config t;
        t.name = "deepseek-coder-6.7b";
        t.aliases = {"deepseek-ai/deepseek-coder-6.7b-base", "deepseek-coder-6.7b-base", "deepseek-coder-6.7b-instruct", "deepseek-ai/deepseek-coder-6.7b-instruct"};
        t.description = "DeepSeek-Coder 6.7B: 32-layer Llama-architecture decoder, d_model 4096, 32 heads (no GQA), SwiGLU 11008, RMSNorm, RoPE, vocab 32256, 16K context, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 32;
        t.decoder_layers = 0;
        t.hidden = 4096;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 128;
        t.ffn_hidden = 11008;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 32256;
        t.max_seq = 16384;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 6700000000.0;
        t.sources = {
            {"S1", "Guo et al., 'DeepSeek-Coder: When the Large Language Model Meets Programming -- The Rise of Code Intelligence' (arXiv:2401.14196): models of 1.3B, 6.7B and 33B parameters, decoder-only with the DeepSeek LLM (Llama) architecture, pre-trained on 2T tokens of project-level code with a 16K window and a fill-in-the-blank task"},
            {"S2", "Hugging Face deepseek-ai/deepseek-coder-6.7b-base config.json (deepseek-coder-6.7b-instruct: the same shape): model_type llama, hidden_size 4096, intermediate_size 11008, num_hidden_layers 32, num_attention_heads 32, num_key_value_heads 32, vocab_size 32256, max_position_embeddings 16384, rope_theta 100000, rope_scaling linear factor 4.0, rms_norm_eps 1e-06, hidden_act silu, attention_bias false, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/llama/modeling_llama.py: q/k/v/o and gate/up/down projections with bias=False, LlamaRMSNorm (weight only), separate lm_head"},
            {"S4", "Hugging Face deepseek-ai/deepseek-coder-6.7b-base model card: 'a 6.7B parameter model with Multi-Head Attention trained on 2 trillion tokens'"}};
        t.origin = "built-in (models/workloads/deepseek-coder-6.7b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/deepseek-v2-lite.toml
        transformer_config t;
        t.name = "deepseek-v2-lite";
        t.aliases = {"deepseek-ai/DeepSeek-V2-Lite", "DeepSeek-V2-Lite-Chat", "deepseek-ai/DeepSeek-V2-Lite-Chat"};
        t.description = "DeepSeek-V2-Lite: 27-layer decoder, d_model 2048, 16 heads with MLA (KV latent 512 + rope 64, full-rank query), 1 dense block (SwiGLU 10944), 64 routed experts top-6 + 2 shared (1408), vocab 102400";
        t.kind = transformer_kind::decoder;
        t.layers = 27;
        t.decoder_layers = 0;
        t.hidden = 2048;
        t.heads = 16;
        t.kv_heads = 16;
        t.head_dim = 192;
        t.ffn_hidden = 10944;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 102400;
        t.max_seq = 163840;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 64;
        t.top_k = 6;
        t.moe_every = 1;
        t.moe_ffn_hidden = 1408;
        t.shared_experts = 2;
        t.first_dense_layers = 1;
        t.kv_lora_rank = 512;
        t.qk_rope_head_dim = 64;
        t.qk_nope_head_dim = 128;
        t.v_head_dim = 128;
        t.published_parameters = 15700000000.0;
        t.sources = {
            {"S1", "DeepSeek-AI, 'DeepSeek-V2: A Strong, Economical, and Efficient Mixture-of-Experts Language Model' (arXiv:2405.04434), Appendix B (DeepSeek-V2-Lite: 27 layers, hidden dimension 2048, 16 attention heads of 128, KV compression dimension 512, no query compression, decoupled query and key per-head dimension 64; all FFNs except the first are MoE layers with 2 shared and 64 routed experts of intermediate hidden dimension 1408, 6 routed experts activated per token; 15.7B total parameters, 2.4B activated per token)"},
            {"S2", "Hugging Face deepseek-ai/DeepSeek-V2-Lite config.json: hidden_size 2048, intermediate_size 10944, moe_intermediate_size 1408, num_hidden_layers 27, first_k_dense_replace 1, moe_layer_freq 1, n_routed_experts 64, n_shared_experts 2, num_experts_per_tok 6, num_attention_heads 16, kv_lora_rank 512, q_lora_rank null, qk_rope_head_dim 64, qk_nope_head_dim 128, v_head_dim 128, vocab_size 102400, max_position_embeddings 163840, rope_scaling yarn (factor 40, original_max_position_embeddings 4096), attention_bias false, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/deepseek_v2/modeling_deepseek_v2.py: MLA with q_proj (full rank when q_lora_rank is null), kv_a_proj_with_mqa, kv_a_layernorm, kv_b_proj and o_proj; SwiGLU MLP and experts without bias; router gate hidden x experts; DeepseekV2RMSNorm; separate lm_head"}};
        t.origin = "built-in (models/workloads/deepseek-v2-lite.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/deepseek-v3.toml
        transformer_config t;
        t.name = "deepseek-v3";
        t.aliases = {"deepseek-ai/DeepSeek-V3", "DeepSeek-V3-Base", "deepseek-ai/DeepSeek-V3-Base"};
        t.description = "DeepSeek-V3: 61-layer decoder, d_model 7168, 128 heads with MLA (KV latent 512 + rope 64), 3 dense blocks (SwiGLU 18432), 256 routed experts top-8 + 1 shared (2048), vocab 129280";
        t.kind = transformer_kind::decoder;
        t.layers = 61;
        t.decoder_layers = 0;
        t.hidden = 7168;
        t.heads = 128;
        t.kv_heads = 128;
        t.head_dim = 192;
        t.ffn_hidden = 18432;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 129280;
        t.max_seq = 163840;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 256;
        t.top_k = 8;
        t.moe_every = 1;
        t.moe_ffn_hidden = 2048;
        t.shared_experts = 1;
        t.first_dense_layers = 3;
        t.kv_lora_rank = 512;
        t.q_lora_rank = 1536;
        t.qk_rope_head_dim = 64;
        t.qk_nope_head_dim = 128;
        t.v_head_dim = 128;
        t.published_parameters = 671000000000.0;
        t.sources = {
            {"S1", "DeepSeek-AI, 'DeepSeek-V3 Technical Report' (arXiv:2412.19437): abstract (671B total parameters, 37B activated per token) and Section 4.2 (61 layers, hidden 7168, 128 heads of 128, KV compression 512, query compression 1536, decoupled rope 64 per head; all FFNs but the first three are MoE with 1 shared and 256 routed experts of intermediate 2048, 8 routed per token)"},
            {"S2", "Hugging Face deepseek-ai/DeepSeek-V3 config.json: hidden_size 7168, intermediate_size 18432, moe_intermediate_size 2048, num_hidden_layers 61, first_k_dense_replace 3, n_routed_experts 256, n_shared_experts 1, num_experts_per_tok 8, num_attention_heads 128, kv_lora_rank 512, q_lora_rank 1536, qk_rope_head_dim 64, qk_nope_head_dim 128, v_head_dim 128, vocab_size 129280, max_position_embeddings 163840, tie_word_embeddings false"},
            {"S3", "DeepSeek-V3 inference/model.py (deepseek-ai/DeepSeek-V3 repository): MLA with wq_a/wq_b, wkv_a/wkv_b and their RMSNorms, SwiGLU MLP and experts without bias, RMSNorm"}};
        t.origin = "built-in (models/workloads/deepseek-v3.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gemma2-9b.toml
        transformer_config t;
        t.name = "gemma2-9b";
        t.aliases = {"gemma-2-9b", "google/gemma-2-9b", "gemma-2-9b-it", "google/gemma-2-9b-it"};
        t.description = "Gemma 2 9B: 42-layer decoder, d_model 3584, 16 heads of 256 (8 KV heads), GeGLU 14336, every other block a 4096-token sliding window, vocab 256000, tied";
        t.kind = transformer_kind::decoder;
        t.layers = 42;
        t.decoder_layers = 0;
        t.hidden = 3584;
        t.heads = 16;
        t.kv_heads = 8;
        t.head_dim = 256;
        t.ffn_hidden = 14336;
        t.ffn = ffn_kind::geglu;
        t.vocab = 256000;
        t.max_seq = 8192;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = true;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.sliding_window = 4096;
        t.sliding_layers = 21;
        t.published_parameters = 9241705984.0;
        t.sources = {
            {"S1", "Gemma Team, 'Gemma 2: Improving Open Language Models at a Practical Size' (arXiv:2408.00118), Table 1 (9B: d_model 3584, 42 layers, 16 heads, 8 KV heads, head size 256, feedforward dimension 28672, GeGLU, sliding window 4096, context 8192, alternating local and global attention) and Table 2 (9B: 917,504,000 embedding and 8,324,201,984 non-embedding parameters)"},
            {"S2", "Hugging Face google/gemma-2-9b config.json: hidden_size 3584, intermediate_size 14336, num_hidden_layers 42, num_attention_heads 16, num_key_value_heads 8, head_dim 256, vocab_size 256000, max_position_embeddings 8192, sliding_window 4096, hidden_activation gelu_pytorch_tanh"},
            {"S3", "Hugging Face transformers models/gemma2/modeling_gemma2.py: Gemma2DecoderLayer is_sliding = not bool(layer_idx % 2); four Gemma2RMSNorms per layer; lm_head tied (tie_word_embeddings default true)"}};
        t.origin = "built-in (models/workloads/gemma2-9b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt-1t-deepspeed.toml
        transformer_config t;
        t.name = "gpt-1t-deepspeed";
        t.aliases = {"gpt-1t"};
        t.description = "1T GPT (DeepSpeed Azure post): 128-layer decoder, d_model 25600, 160 heads, GELU 102400, vocab 50257";
        t.kind = transformer_kind::decoder;
        t.layers = 128;
        t.decoder_layers = 0;
        t.hidden = 25600;
        t.heads = 160;
        t.kv_heads = 160;
        t.head_dim = 160;
        t.ffn_hidden = 102400;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50257;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 1000000000000.0;
        t.sources = {
            {"S1", "microsoft/DeepSpeed docs/_posts/2022-07-26-deepspeed-azure.md (DeepSpeed blog 'Azure empowers easy-to-use, high-performance, and hyperscale model training using DeepSpeed'), Table 2: layers, hidden size and attention heads of the 175B, 530B, 1T and 2T GPT models trained with ZeRO-3 on Azure NDm A100 v4"},
            {"S2", "Megatron-LM GPT model as Megatron-DeepSpeed trains it: pre-layer-norm blocks, learned positions, GELU feed-forward of 4 x hidden with biases, GPT-2 BPE vocabulary of 50257, output tied to the token embedding"}};
        t.origin = "built-in (models/workloads/gpt-1t-deepspeed.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt-2t-deepspeed.toml
        transformer_config t;
        t.name = "gpt-2t-deepspeed";
        t.aliases = {"gpt-2t"};
        t.description = "2T GPT (DeepSpeed Azure post): 160-layer decoder, d_model 32768, 128 heads, GELU 131072, vocab 50257";
        t.kind = transformer_kind::decoder;
        t.layers = 160;
        t.decoder_layers = 0;
        t.hidden = 32768;
        t.heads = 128;
        t.kv_heads = 128;
        t.head_dim = 256;
        t.ffn_hidden = 131072;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50257;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.sources = {
            {"S1", "microsoft/DeepSpeed docs/_posts/2022-07-26-deepspeed-azure.md (DeepSpeed blog 'Azure empowers easy-to-use, high-performance, and hyperscale model training using DeepSpeed'), Table 2: layers, hidden size and attention heads of the 175B, 530B, 1T and 2T GPT models trained with ZeRO-3 on Azure NDm A100 v4"},
            {"S2", "Megatron-LM GPT model as Megatron-DeepSpeed trains it: pre-layer-norm blocks, learned positions, GELU feed-forward of 4 x hidden with biases, GPT-2 BPE vocabulary of 50257, output tied to the token embedding"}};
        t.origin = "built-in (models/workloads/gpt-2t-deepspeed.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt-j-6b.toml
        transformer_config t;
        t.name = "gpt-j-6b";
        t.aliases = {"EleutherAI/gpt-j-6b", "gpt-j", "gptj-6b"};
        t.description = "GPT-J-6B: 28-layer decoder, d_model 4096, 16 heads x 256, FFN 16384, vocab 50400, rotary on 64 dims, parallel attention/FFN";
        t.kind = transformer_kind::decoder;
        t.layers = 28;
        t.decoder_layers = 0;
        t.hidden = 4096;
        t.heads = 16;
        t.kv_heads = 16;
        t.head_dim = 256;
        t.ffn_hidden = 16384;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50400;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 6053381344.0;
        t.sources = {
            {"S1", "Hugging Face EleutherAI/gpt-j-6b model card: n_parameters 6,053,381,344; n_layers 28; d_model 4,096; d_ff 16,384; n_heads 16; d_head 256; n_ctx 2,048; n_vocab 50,257 with an embedding matrix of size 50,400; Rotary Position Embedding applied to 64 dimensions of each head"},
            {"S2", "Hugging Face EleutherAI/gpt-j-6b config.json: n_embd 4096, n_head 16, n_layer 28, n_inner null, rotary_dim 64, vocab_size 50400, n_positions 2048, activation_function gelu_new, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/gptj/modeling_gptj.py: GPTJBlock computes attn_output + feed_forward_hidden_states + residual from a single ln_1; q_proj/k_proj/v_proj/out_proj bias=False; fc_in/fc_out with bias; lm_head with bias"}};
        t.origin = "built-in (models/workloads/gpt-j-6b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt2.toml
        transformer_config t;
        t.name = "gpt2";
        t.aliases = {"gpt2-small", "gpt2-124m", "openai-community/gpt2"};
        t.description = "GPT-2 small (124M): 12-layer decoder, d_model 768, 12 heads, 1024 learned positions, GELU, tied embeddings";
        t.kind = transformer_kind::decoder;
        t.layers = 12;
        t.decoder_layers = 0;
        t.hidden = 768;
        t.heads = 12;
        t.kv_heads = 12;
        t.head_dim = 64;
        t.ffn_hidden = 3072;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50257;
        t.max_seq = 1024;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 124000000.0;
        t.sources = {
            {"S1", "Hugging Face openai-community/gpt2 config.json: n_layer 12, n_embd 768, n_head 12, n_inner null (4 x n_embd), activation_function gelu_new, vocab_size 50257, n_positions 1024"},
            {"S2", "Radford et al., 'Language Models are Unsupervised Multitask Learners' (GPT-2 paper, 2019): Section 2.3 (OpenAI GPT architecture with layer norm moved to the input of each sub-block and a final layer norm; vocabulary 50,257; context 1024 tokens), Table 2 (117M/12/768, 345M/24/1024, 762M/36/1280, 1542M/48/1600)"},
            {"S3", "openai/gpt-2 model_card.md (November 2019): 'the fourth and largest GPT-2 version [1.5 billion parameters]. We have also released 124 million, 355 million, and 774 million parameter models' (the corrected counts of the paper's 117M/345M/762M)"},
            {"S4", "openai/gpt-2 src/model.py: learned position table wpe (n_ctx rows), conv1d projections with bias, layer norm with gain and bias, logits = h x wte^T (output tied to the token embedding)"}};
        t.origin = "built-in (models/workloads/gpt2.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt2-large.toml
        transformer_config t;
        t.name = "gpt2-large";
        t.aliases = {"gpt2-774m", "openai-community/gpt2-large"};
        t.description = "GPT-2 large (774M): 36-layer decoder, d_model 1280, 20 heads, 1024 learned positions, GELU, tied embeddings";
        t.kind = transformer_kind::decoder;
        t.layers = 36;
        t.decoder_layers = 0;
        t.hidden = 1280;
        t.heads = 20;
        t.kv_heads = 20;
        t.head_dim = 64;
        t.ffn_hidden = 5120;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50257;
        t.max_seq = 1024;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 774000000.0;
        t.sources = {
            {"S1", "Hugging Face openai-community/gpt2-large config.json: n_layer 36, n_embd 1280, n_head 20, n_inner null (4 x n_embd), activation_function gelu_new, vocab_size 50257, n_positions 1024"},
            {"S2", "Radford et al., 'Language Models are Unsupervised Multitask Learners' (GPT-2 paper, 2019): Section 2.3 (OpenAI GPT architecture with layer norm moved to the input of each sub-block and a final layer norm; vocabulary 50,257; context 1024 tokens), Table 2 (117M/12/768, 345M/24/1024, 762M/36/1280, 1542M/48/1600)"},
            {"S3", "openai/gpt-2 model_card.md (November 2019): 'the fourth and largest GPT-2 version [1.5 billion parameters]. We have also released 124 million, 355 million, and 774 million parameter models' (the corrected counts of the paper's 117M/345M/762M)"},
            {"S4", "openai/gpt-2 src/model.py: learned position table wpe (n_ctx rows), conv1d projections with bias, layer norm with gain and bias, logits = h x wte^T (output tied to the token embedding)"},
            {"S5", "NeuSight ASPLOS artifact scripts/asplos/data/DLmodel_configs/gpt2_large.json: GPT2LMHeadModel, n_layer 36, n_embd 1280, n_head 20, n_positions 1024, vocab_size 50257, gelu_new"}};
        t.origin = "built-in (models/workloads/gpt2-large.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt2-medium.toml
        transformer_config t;
        t.name = "gpt2-medium";
        t.aliases = {"gpt2-355m", "openai-community/gpt2-medium"};
        t.description = "GPT-2 medium (355M): 24-layer decoder, d_model 1024, 16 heads, 1024 learned positions, GELU, tied embeddings";
        t.kind = transformer_kind::decoder;
        t.layers = 24;
        t.decoder_layers = 0;
        t.hidden = 1024;
        t.heads = 16;
        t.kv_heads = 16;
        t.head_dim = 64;
        t.ffn_hidden = 4096;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50257;
        t.max_seq = 1024;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 355000000.0;
        t.sources = {
            {"S1", "Hugging Face openai-community/gpt2-medium config.json: n_layer 24, n_embd 1024, n_head 16, n_inner null (4 x n_embd), activation_function gelu_new, vocab_size 50257, n_positions 1024"},
            {"S2", "Radford et al., 'Language Models are Unsupervised Multitask Learners' (GPT-2 paper, 2019): Section 2.3 (OpenAI GPT architecture with layer norm moved to the input of each sub-block and a final layer norm; vocabulary 50,257; context 1024 tokens), Table 2 (117M/12/768, 345M/24/1024, 762M/36/1280, 1542M/48/1600)"},
            {"S3", "openai/gpt-2 model_card.md (November 2019): 'the fourth and largest GPT-2 version [1.5 billion parameters]. We have also released 124 million, 355 million, and 774 million parameter models' (the corrected counts of the paper's 117M/345M/762M)"},
            {"S4", "openai/gpt-2 src/model.py: learned position table wpe (n_ctx rows), conv1d projections with bias, layer norm with gain and bias, logits = h x wte^T (output tied to the token embedding)"}};
        t.origin = "built-in (models/workloads/gpt2-medium.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt2-megatron-1.2b.toml
        transformer_config t;
        t.name = "gpt2-megatron-1.2b";
        t.aliases = {"megatron-gpt2-1.2b", "megatron-lm-gpt2-1.2b"};
        t.description = "Megatron-LM v1 GPT-2 1.2B (weak-scaling model on 1 GPU): 40 layers, hidden 1536, 16 heads";
        t.kind = transformer_kind::decoder;
        t.layers = 40;
        t.decoder_layers = 0;
        t.hidden = 1536;
        t.heads = 16;
        t.kv_heads = 16;
        t.head_dim = 96;
        t.ffn_hidden = 6144;
        t.ffn = ffn_kind::gelu;
        t.vocab = 51200;
        t.max_seq = 1024;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 1200000000.0;
        t.sources = {
            {"S1", "Shoeybi et al., 'Megatron-LM: Training Multi-Billion Parameter Language Models Using Model Parallelism' (arXiv:1909.08053): Table 1 scaling configurations (hidden 1536 / 16 heads / 40 layers = 1.2B on 1 GPU; 1920 / 20 / 54 = 2.5B on 2; 2304 / 24 / 64 = 4.2B on 4; 3072 / 32 / 72 = 8.3B on 8), hidden size per head kept at 96, vocabulary of 50,257 padded to 51,200 (divisible by 128 x 8); Section 3 (GPT-2 layers, MLP 4h with GeLU); GPT-2 trained on 1024-token sequences"},
            {"S2", "NVIDIA ADLR blog 'MegatronLM's Supercharged V1.0' (nv-adlr.github.io/MegatronLMV1, 2020-05-15), Table 1 'Weak model parallel scaling': 1.2B on 1 GPU (1288 ms), 2.0B on 2 (1242 ms), 4.2B on 4 (1357 ms), 8.7B on 8 (1508 ms), batch 8, DGX-2H; the blog gives parameter counts only, no shapes"},
            {"S3", "NVIDIA/Megatron-LM GPT-2 model (v1.0): learned position embeddings, pre-LayerNorm transformer layers with biased column/row-parallel linears and a final LayerNorm, logits computed with the word-embedding matrix (tied)"}};
        t.origin = "built-in (models/workloads/gpt2-megatron-1.2b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt2-megatron-2.0b.toml
        transformer_config t;
        t.name = "gpt2-megatron-2.0b";
        t.aliases = {"megatron-gpt2-2.0b", "megatron-lm-gpt2-2.0b"};
        t.description = "Megatron-LM v1 GPT-2 2.0B (weak-scaling model on 2 GPUs): 43 layers, hidden 1920, 20 heads (ASSUMED shape: the blog publishes only the count)";
        t.kind = transformer_kind::decoder;
        t.layers = 43;
        t.decoder_layers = 0;
        t.hidden = 1920;
        t.heads = 20;
        t.kv_heads = 20;
        t.head_dim = 96;
        t.ffn_hidden = 7680;
        t.ffn = ffn_kind::gelu;
        t.vocab = 51200;
        t.max_seq = 1024;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 2000000000.0;
        t.sources = {
            {"S1", "Shoeybi et al., 'Megatron-LM: Training Multi-Billion Parameter Language Models Using Model Parallelism' (arXiv:1909.08053): Table 1 scaling configurations (hidden 1536 / 16 heads / 40 layers = 1.2B on 1 GPU; 1920 / 20 / 54 = 2.5B on 2; 2304 / 24 / 64 = 4.2B on 4; 3072 / 32 / 72 = 8.3B on 8), hidden size per head kept at 96, vocabulary of 50,257 padded to 51,200 (divisible by 128 x 8); Section 3 (GPT-2 layers, MLP 4h with GeLU); GPT-2 trained on 1024-token sequences"},
            {"S2", "NVIDIA ADLR blog 'MegatronLM's Supercharged V1.0' (nv-adlr.github.io/MegatronLMV1, 2020-05-15), Table 1 'Weak model parallel scaling': 1.2B on 1 GPU (1288 ms), 2.0B on 2 (1242 ms), 4.2B on 4 (1357 ms), 8.7B on 8 (1508 ms), batch 8, DGX-2H; the blog gives parameter counts only, no shapes"},
            {"S3", "NVIDIA/Megatron-LM GPT-2 model (v1.0): learned position embeddings, pre-LayerNorm transformer layers with biased column/row-parallel linears and a final LayerNorm, logits computed with the word-embedding matrix (tied)"}};
        t.origin = "built-in (models/workloads/gpt2-megatron-2.0b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt2-megatron-4.2b.toml
        transformer_config t;
        t.name = "gpt2-megatron-4.2b";
        t.aliases = {"megatron-gpt2-4.2b", "megatron-lm-gpt2-4.2b"};
        t.description = "Megatron-LM v1 GPT-2 4.2B (weak-scaling model on 4 GPUs): 64 layers, hidden 2304, 24 heads";
        t.kind = transformer_kind::decoder;
        t.layers = 64;
        t.decoder_layers = 0;
        t.hidden = 2304;
        t.heads = 24;
        t.kv_heads = 24;
        t.head_dim = 96;
        t.ffn_hidden = 9216;
        t.ffn = ffn_kind::gelu;
        t.vocab = 51200;
        t.max_seq = 1024;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 4200000000.0;
        t.sources = {
            {"S1", "Shoeybi et al., 'Megatron-LM: Training Multi-Billion Parameter Language Models Using Model Parallelism' (arXiv:1909.08053): Table 1 scaling configurations (hidden 1536 / 16 heads / 40 layers = 1.2B on 1 GPU; 1920 / 20 / 54 = 2.5B on 2; 2304 / 24 / 64 = 4.2B on 4; 3072 / 32 / 72 = 8.3B on 8), hidden size per head kept at 96, vocabulary of 50,257 padded to 51,200 (divisible by 128 x 8); Section 3 (GPT-2 layers, MLP 4h with GeLU); GPT-2 trained on 1024-token sequences"},
            {"S2", "NVIDIA ADLR blog 'MegatronLM's Supercharged V1.0' (nv-adlr.github.io/MegatronLMV1, 2020-05-15), Table 1 'Weak model parallel scaling': 1.2B on 1 GPU (1288 ms), 2.0B on 2 (1242 ms), 4.2B on 4 (1357 ms), 8.7B on 8 (1508 ms), batch 8, DGX-2H; the blog gives parameter counts only, no shapes"},
            {"S3", "NVIDIA/Megatron-LM GPT-2 model (v1.0): learned position embeddings, pre-LayerNorm transformer layers with biased column/row-parallel linears and a final LayerNorm, logits computed with the word-embedding matrix (tied)"}};
        t.origin = "built-in (models/workloads/gpt2-megatron-4.2b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt2-xl.toml
        transformer_config t;
        t.name = "gpt2-xl";
        t.aliases = {"gpt2-1.5b", "openai-community/gpt2-xl"};
        t.description = "GPT-2 XL (1.5B): 48-layer decoder, d_model 1600, 25 heads, 1024 learned positions, GELU, tied embeddings";
        t.kind = transformer_kind::decoder;
        t.layers = 48;
        t.decoder_layers = 0;
        t.hidden = 1600;
        t.heads = 25;
        t.kv_heads = 25;
        t.head_dim = 64;
        t.ffn_hidden = 6400;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50257;
        t.max_seq = 1024;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 1542000000.0;
        t.sources = {
            {"S1", "Hugging Face openai-community/gpt2-xl config.json: n_layer 48, n_embd 1600, n_head 25, n_inner null (4 x n_embd), activation_function gelu_new, vocab_size 50257, n_positions 1024"},
            {"S2", "Radford et al., 'Language Models are Unsupervised Multitask Learners' (GPT-2 paper, 2019): Section 2.3 (OpenAI GPT architecture with layer norm moved to the input of each sub-block and a final layer norm; vocabulary 50,257; context 1024 tokens), Table 2 (117M/12/768, 345M/24/1024, 762M/36/1280, 1542M/48/1600)"},
            {"S3", "openai/gpt-2 model_card.md (November 2019): 'the fourth and largest GPT-2 version [1.5 billion parameters]. We have also released 124 million, 355 million, and 774 million parameter models' (the corrected counts of the paper's 117M/345M/762M)"},
            {"S4", "openai/gpt-2 src/model.py: learned position table wpe (n_ctx rows), conv1d projections with bias, layer norm with gain and bias, logits = h x wte^T (output tied to the token embedding)"}};
        t.origin = "built-in (models/workloads/gpt2-xl.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt3-125m.toml
        transformer_config t;
        t.name = "gpt3-125m";
        t.aliases = {"gpt3-small", "GPT-3 Small", "gpt-3-125m"};
        t.description = "GPT-3 Small (Brown et al. 2020, Table 2.1): 12-layer decoder, d_model 768, 12 heads x 64, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 12;
        t.decoder_layers = 0;
        t.hidden = 768;
        t.heads = 12;
        t.kv_heads = 12;
        t.head_dim = 64;
        t.ffn_hidden = 3072;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50257;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 125000000.0;
        t.sources = {
            {"S1", "Brown et al., 'Language Models are Few-Shot Learners' (arXiv:2005.14165), Table 2.1 (n_params, n_layers, d_model, n_heads, d_head of the eight GPT-3 sizes) and Section 2.1 ('the same model and architecture as GPT-2 ... with the exception that we use alternating dense and locally banded sparse attention patterns'; d_ff = 4 x d_model; context window n_ctx = 2048 tokens)"},
            {"S2", "GPT-2, which GPT-3 reuses (S1 Section 2.1): Radford et al. 2019 Section 2.3 (pre-layer-norm blocks, final layer norm, 50,257-token byte-level BPE vocabulary) and openai/gpt-2 src/model.py (learned positions, biased projections, output tied to the token embedding)"}};
        t.origin = "built-in (models/workloads/gpt3-125m.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt3-13b.toml
        transformer_config t;
        t.name = "gpt3-13b";
        t.aliases = {"gpt-3-13b"};
        t.description = "GPT-3 13B (Brown et al. 2020, Table 2.1): 40-layer decoder, d_model 5140, 40 heads x 128, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 40;
        t.decoder_layers = 0;
        t.hidden = 5140;
        t.heads = 40;
        t.kv_heads = 40;
        t.head_dim = 128;
        t.ffn_hidden = 20560;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50257;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 13000000000.0;
        t.sources = {
            {"S1", "Brown et al., 'Language Models are Few-Shot Learners' (arXiv:2005.14165), Table 2.1 (n_params, n_layers, d_model, n_heads, d_head of the eight GPT-3 sizes) and Section 2.1 ('the same model and architecture as GPT-2 ... with the exception that we use alternating dense and locally banded sparse attention patterns'; d_ff = 4 x d_model; context window n_ctx = 2048 tokens)"},
            {"S2", "GPT-2, which GPT-3 reuses (S1 Section 2.1): Radford et al. 2019 Section 2.3 (pre-layer-norm blocks, final layer norm, 50,257-token byte-level BPE vocabulary) and openai/gpt-2 src/model.py (learned positions, biased projections, output tied to the token embedding)"}};
        t.origin = "built-in (models/workloads/gpt3-13b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt3-175b.toml
        transformer_config t;
        t.name = "gpt3-175b";
        t.aliases = {"gpt3", "gpt-3", "gpt-3-175b", "davinci"};
        t.description = "GPT-3 175B (Brown et al. 2020, Table 2.1): 96-layer decoder, d_model 12288, 96 heads x 128, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 96;
        t.decoder_layers = 0;
        t.hidden = 12288;
        t.heads = 96;
        t.kv_heads = 96;
        t.head_dim = 128;
        t.ffn_hidden = 49152;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50257;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 175000000000.0;
        t.sources = {
            {"S1", "Brown et al., 'Language Models are Few-Shot Learners' (arXiv:2005.14165), Table 2.1 (n_params, n_layers, d_model, n_heads, d_head of the eight GPT-3 sizes) and Section 2.1 ('the same model and architecture as GPT-2 ... with the exception that we use alternating dense and locally banded sparse attention patterns'; d_ff = 4 x d_model; context window n_ctx = 2048 tokens)"},
            {"S2", "GPT-2, which GPT-3 reuses (S1 Section 2.1): Radford et al. 2019 Section 2.3 (pre-layer-norm blocks, final layer norm, 50,257-token byte-level BPE vocabulary) and openai/gpt-2 src/model.py (learned positions, biased projections, output tied to the token embedding)"}};
        t.origin = "built-in (models/workloads/gpt3-175b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt3-2.7b.toml
        transformer_config t;
        t.name = "gpt3-2.7b";
        t.aliases = {"gpt-3-2.7b"};
        t.description = "GPT-3 2.7B (Brown et al. 2020, Table 2.1): 32-layer decoder, d_model 2560, 32 heads x 80, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 32;
        t.decoder_layers = 0;
        t.hidden = 2560;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 80;
        t.ffn_hidden = 10240;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50257;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 2700000000.0;
        t.sources = {
            {"S1", "Brown et al., 'Language Models are Few-Shot Learners' (arXiv:2005.14165), Table 2.1 (n_params, n_layers, d_model, n_heads, d_head of the eight GPT-3 sizes) and Section 2.1 ('the same model and architecture as GPT-2 ... with the exception that we use alternating dense and locally banded sparse attention patterns'; d_ff = 4 x d_model; context window n_ctx = 2048 tokens)"},
            {"S2", "GPT-2, which GPT-3 reuses (S1 Section 2.1): Radford et al. 2019 Section 2.3 (pre-layer-norm blocks, final layer norm, 50,257-token byte-level BPE vocabulary) and openai/gpt-2 src/model.py (learned positions, biased projections, output tied to the token embedding)"},
            {"S3", "NeuSight ASPLOS artifact scripts/asplos/data/DLmodel_configs/gpt3_27.json: GPT2LMHeadModel, n_embd 2560, n_head 32, n_layer 32, n_positions 2048, vocab_size 50257, gelu_new"}};
        t.origin = "built-in (models/workloads/gpt3-2.7b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt3-350m.toml
        transformer_config t;
        t.name = "gpt3-350m";
        t.aliases = {"gpt3-medium", "GPT-3 Medium", "gpt-3-350m"};
        t.description = "GPT-3 Medium (Brown et al. 2020, Table 2.1): 24-layer decoder, d_model 1024, 16 heads x 64, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 24;
        t.decoder_layers = 0;
        t.hidden = 1024;
        t.heads = 16;
        t.kv_heads = 16;
        t.head_dim = 64;
        t.ffn_hidden = 4096;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50257;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 350000000.0;
        t.sources = {
            {"S1", "Brown et al., 'Language Models are Few-Shot Learners' (arXiv:2005.14165), Table 2.1 (n_params, n_layers, d_model, n_heads, d_head of the eight GPT-3 sizes) and Section 2.1 ('the same model and architecture as GPT-2 ... with the exception that we use alternating dense and locally banded sparse attention patterns'; d_ff = 4 x d_model; context window n_ctx = 2048 tokens)"},
            {"S2", "GPT-2, which GPT-3 reuses (S1 Section 2.1): Radford et al. 2019 Section 2.3 (pre-layer-norm blocks, final layer norm, 50,257-token byte-level BPE vocabulary) and openai/gpt-2 src/model.py (learned positions, biased projections, output tied to the token embedding)"}};
        t.origin = "built-in (models/workloads/gpt3-350m.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt3-6.7b.toml
        transformer_config t;
        t.name = "gpt3-6.7b";
        t.aliases = {"gpt-3-6.7b"};
        t.description = "GPT-3 6.7B (Brown et al. 2020, Table 2.1): 32-layer decoder, d_model 4096, 32 heads x 128, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 32;
        t.decoder_layers = 0;
        t.hidden = 4096;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 128;
        t.ffn_hidden = 16384;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50257;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 6700000000.0;
        t.sources = {
            {"S1", "Brown et al., 'Language Models are Few-Shot Learners' (arXiv:2005.14165), Table 2.1 (n_params, n_layers, d_model, n_heads, d_head of the eight GPT-3 sizes) and Section 2.1 ('the same model and architecture as GPT-2 ... with the exception that we use alternating dense and locally banded sparse attention patterns'; d_ff = 4 x d_model; context window n_ctx = 2048 tokens)"},
            {"S2", "GPT-2, which GPT-3 reuses (S1 Section 2.1): Radford et al. 2019 Section 2.3 (pre-layer-norm blocks, final layer norm, 50,257-token byte-level BPE vocabulary) and openai/gpt-2 src/model.py (learned positions, biased projections, output tied to the token embedding)"}};
        t.origin = "built-in (models/workloads/gpt3-6.7b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt3-760m.toml
        transformer_config t;
        t.name = "gpt3-760m";
        t.aliases = {"gpt3-large", "GPT-3 Large", "gpt-3-760m"};
        t.description = "GPT-3 Large (Brown et al. 2020, Table 2.1): 24-layer decoder, d_model 1536, 16 heads x 96, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 24;
        t.decoder_layers = 0;
        t.hidden = 1536;
        t.heads = 16;
        t.kv_heads = 16;
        t.head_dim = 96;
        t.ffn_hidden = 6144;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50257;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 760000000.0;
        t.sources = {
            {"S1", "Brown et al., 'Language Models are Few-Shot Learners' (arXiv:2005.14165), Table 2.1 (n_params, n_layers, d_model, n_heads, d_head of the eight GPT-3 sizes) and Section 2.1 ('the same model and architecture as GPT-2 ... with the exception that we use alternating dense and locally banded sparse attention patterns'; d_ff = 4 x d_model; context window n_ctx = 2048 tokens)"},
            {"S2", "GPT-2, which GPT-3 reuses (S1 Section 2.1): Radford et al. 2019 Section 2.3 (pre-layer-norm blocks, final layer norm, 50,257-token byte-level BPE vocabulary) and openai/gpt-2 src/model.py (learned positions, biased projections, output tied to the token embedding)"}};
        t.origin = "built-in (models/workloads/gpt3-760m.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/gpt3-xl.toml
        transformer_config t;
        t.name = "gpt3-xl";
        t.aliases = {"gpt3-1.3b", "GPT-3 XL", "gpt-3-1.3b"};
        t.description = "GPT-3 XL (Brown et al. 2020, Table 2.1): 24-layer decoder, d_model 2048, 16 heads x 128, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 24;
        t.decoder_layers = 0;
        t.hidden = 2048;
        t.heads = 16;
        t.kv_heads = 16;
        t.head_dim = 128;
        t.ffn_hidden = 8192;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50257;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 1300000000.0;
        t.sources = {
            {"S1", "Brown et al., 'Language Models are Few-Shot Learners' (arXiv:2005.14165), Table 2.1 (n_params, n_layers, d_model, n_heads, d_head of the eight GPT-3 sizes) and Section 2.1 ('the same model and architecture as GPT-2 ... with the exception that we use alternating dense and locally banded sparse attention patterns'; d_ff = 4 x d_model; context window n_ctx = 2048 tokens)"},
            {"S2", "GPT-2, which GPT-3 reuses (S1 Section 2.1): Radford et al. 2019 Section 2.3 (pre-layer-norm blocks, final layer norm, 50,257-token byte-level BPE vocabulary) and openai/gpt-2 src/model.py (learned positions, biased projections, output tied to the token embedding)"},
            {"S3", "Dao-AILab/flash-attention training/configs/experiment/pile/gpt3xl-flash.yaml: n_embd 2048, n_head 16, n_layer 24 (GPT-2 model code, vocabulary padded to a multiple of 8)"}};
        t.origin = "built-in (models/workloads/gpt3-xl.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/internlm-7b.toml
        transformer_config t;
        t.name = "internlm-7b";
        t.aliases = {"internlm/internlm-7b", "internlm1-7b"};
        t.description = "InternLM-7B: 32-layer decoder, d_model 4096, 32 heads, SwiGLU 11008, RMSNorm, RoPE, QKV biases, vocab 103168, context 2048, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 32;
        t.decoder_layers = 0;
        t.hidden = 4096;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 128;
        t.ffn_hidden = 11008;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 103168;
        t.max_seq = 2048;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.qkv_bias = true;
        t.sources = {
            {"S1", "InternLM/InternEvo configs/7B_sft.py (the config doc/en/train_performance.md names; same values at InternLM's July 2023 commit c18bec93 and InternEvo's c628a8c8): SEQ_LEN 2048, HIDDEN_SIZE 4096, NUM_ATTENTION_HEAD 32, MLP_RATIO 8/3, NUM_LAYER 32, VOCAB_SIZE 103168, norm_type rmsnorm, dtype torch.bfloat16"},
            {"S2", "InternLM/InternEvo internlm/model/linear.py (c18bec93; internlm/model/modules/mlp.py in c628a8c8) FeedForward: hidden_features = multiple_of x ceil(hidden_features / multiple_of) with multiple_of 256; w1, w3 (in to hidden) and w2 (hidden to out), built with bias=False by the block"},
            {"S3", "InternLM/InternEvo internlm/model/modeling_internlm.py and multi_head_attention.py (c18bec93 and c628a8c8): PackedFlashBaseLayer1D (RMSNorm, MHA with causal flash attention and rotary embeddings of head_dim, Wqkv and out_proj with biases, FeedForward int(hidden x mlp_ratio) with bias=False when use_swiglu, default True); PackedFlashInternLm1D: Embedding1D of vocab x hidden and a separate head of hidden x vocab with bias=False, final RMSNorm"},
            {"S4", "InternLM/InternEvo transformers/internlm_model/configuration_internlm.py (c628a8c8), the InternLMConfig of the Hugging Face conversion (internlm/internlm-7b): defaults vocab_size 103168, hidden_size 4096, intermediate_size 11008, num_hidden_layers 32, num_attention_heads 32, hidden_act silu, max_position_embeddings 2048, tie_word_embeddings False, bias True"}};
        t.origin = "built-in (models/workloads/internlm-7b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/llama-13b.toml
        transformer_config t;
        t.name = "llama-13b";
        t.aliases = {"llama1-13b", "huggyllama/llama-13b"};
        t.description = "LLaMA (1) 13B: 40-layer decoder, d_model 5120, 40 heads, SwiGLU 13824, RMSNorm, RoPE, vocab 32000, context 2048, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 40;
        t.decoder_layers = 0;
        t.hidden = 5120;
        t.heads = 40;
        t.kv_heads = 40;
        t.head_dim = 128;
        t.ffn_hidden = 13824;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 32000;
        t.max_seq = 2048;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 13000000000.0;
        t.sources = {
            {"S1", "Touvron et al., 'LLaMA: Open and Efficient Foundation Language Models' (arXiv:2302.13971), Table 2 (6.7B: dimension 4096, 32 heads, 32 layers; 13.0B: 5120, 40, 40) and Section 2.2 (pre-normalization with RMSNorm, SwiGLU with a hidden size of 2/3 x 4d, rotary embeddings, no absolute positions)"},
            {"S2", "Hugging Face huggyllama/llama-13b config.json: hidden_size 5120, intermediate_size 13824, num_hidden_layers 40, num_attention_heads 40, vocab_size 32000, max_position_embeddings 2048, hidden_act silu, rms_norm_eps 1e-06, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/llama/modeling_llama.py: q/k/v/o and gate/up/down projections with bias=False (attention_bias and mlp_bias default false), LlamaRMSNorm (weight only), separate lm_head"}};
        t.origin = "built-in (models/workloads/llama-13b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/llama-3.2-3b.toml
        transformer_config t;
        t.name = "llama-3.2-3b";
        t.aliases = {"meta-llama/Llama-3.2-3B", "Llama-3.2-3B-Instruct", "meta-llama/Llama-3.2-3B-Instruct"};
        t.description = "Llama 3.2 3B: 28-layer decoder, d_model 3072, 24 heads of 128 (8 KV heads, GQA), SwiGLU 8192, RMSNorm, RoPE, vocab 128256, tied";
        t.kind = transformer_kind::decoder;
        t.layers = 28;
        t.decoder_layers = 0;
        t.hidden = 3072;
        t.heads = 24;
        t.kv_heads = 8;
        t.head_dim = 128;
        t.ffn_hidden = 8192;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 128256;
        t.max_seq = 131072;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = true;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 3210000000.0;
        t.sources = {
            {"S1", "Meta, Llama 3.2 model card (meta-llama/llama-models models/llama3_2/MODEL_CARD.md and the Hugging Face meta-llama/Llama-3.2-3B page): Llama 3.2 (text only) 3B (3.21B) params, 128k context length, GQA yes, shared embeddings yes"},
            {"S2", "Hugging Face meta-llama/Llama-3.2-3B config.json (the Instruct repository has the same shape): hidden_size 3072, intermediate_size 8192, num_hidden_layers 28, num_attention_heads 24, num_key_value_heads 8, head_dim 128, vocab_size 128256, max_position_embeddings 131072, rope_theta 500000.0, rope_scaling llama3 (factor 32, original_max_position_embeddings 8192), hidden_act silu, attention_bias false, mlp_bias false, tie_word_embeddings true"},
            {"S3", "Hugging Face transformers models/llama/modeling_llama.py: q/k/v/o and gate/up/down projections with bias=False (attention_bias, mlp_bias), LlamaRMSNorm (weight only), lm_head tied to embed_tokens when tie_word_embeddings is set"}};
        t.origin = "built-in (models/workloads/llama-3.2-3b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/llama-7b.toml
        transformer_config t;
        t.name = "llama-7b";
        t.aliases = {"llama1-7b", "huggyllama/llama-7b"};
        t.description = "LLaMA (1) 7B: 32-layer decoder, d_model 4096, 32 heads, SwiGLU 11008, RMSNorm, RoPE, vocab 32000, context 2048, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 32;
        t.decoder_layers = 0;
        t.hidden = 4096;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 128;
        t.ffn_hidden = 11008;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 32000;
        t.max_seq = 2048;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 6700000000.0;
        t.sources = {
            {"S1", "Touvron et al., 'LLaMA: Open and Efficient Foundation Language Models' (arXiv:2302.13971), Table 2 (6.7B: dimension 4096, 32 heads, 32 layers; 13.0B: 5120, 40, 40) and Section 2.2 (pre-normalization with RMSNorm, SwiGLU with a hidden size of 2/3 x 4d, rotary embeddings, no absolute positions)"},
            {"S2", "Hugging Face huggyllama/llama-7b config.json: hidden_size 4096, intermediate_size 11008, num_hidden_layers 32, num_attention_heads 32, vocab_size 32000, max_position_embeddings 2048, hidden_act silu, rms_norm_eps 1e-06, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/llama/modeling_llama.py: q/k/v/o and gate/up/down projections with bias=False (attention_bias and mlp_bias default false), LlamaRMSNorm (weight only), separate lm_head"}};
        t.origin = "built-in (models/workloads/llama-7b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/llama2-13b.toml
        transformer_config t;
        t.name = "llama2-13b";
        t.aliases = {"Llama-2-13b-hf", "meta-llama/Llama-2-13b-hf", "llama-2-13b", "Llama-2-13b-chat-hf", "meta-llama/Llama-2-13b-chat-hf"};
        t.description = "Llama 2 13B: 40-layer decoder, d_model 5120, 40 heads, SwiGLU 13824, RMSNorm, RoPE, vocab 32000, context 4096, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 40;
        t.decoder_layers = 0;
        t.hidden = 5120;
        t.heads = 40;
        t.kv_heads = 40;
        t.head_dim = 128;
        t.ffn_hidden = 13824;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 32000;
        t.max_seq = 4096;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 13000000000.0;
        t.sources = {
            {"S1", "Touvron et al., 'Llama 2: Open Foundation and Fine-Tuned Chat Models' (arXiv:2307.09288), Table 1 (7B, 13B, 34B, 70B; context length 4k; grouped-query attention for 34B and 70B) and Section 2.2 (the Llama 1 architecture: RMSNorm pre-normalization, SwiGLU, rotary embeddings; vocabulary of 32k tokens)"},
            {"S2", "Hugging Face meta-llama/Llama-2-13b-hf config.json: hidden_size 5120, intermediate_size 13824, num_hidden_layers 40, num_attention_heads 40, num_key_value_heads 40, vocab_size 32000, max_position_embeddings 4096, hidden_act silu, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/llama/modeling_llama.py: q/k/v/o and gate/up/down projections with bias=False, LlamaRMSNorm (weight only), separate lm_head"}};
        t.origin = "built-in (models/workloads/llama2-13b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/llama2-34b.toml
        transformer_config t;
        t.name = "llama2-34b";
        t.aliases = {};
        t.description = "Llama 2 34B (fms-fsdp): 48-layer decoder, d_model 8192, 64 heads, 8 KV heads, SwiGLU 22016, vocab 32000";
        t.kind = transformer_kind::decoder;
        t.layers = 48;
        t.decoder_layers = 0;
        t.hidden = 8192;
        t.heads = 64;
        t.kv_heads = 8;
        t.head_dim = 128;
        t.ffn_hidden = 22016;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 32000;
        t.max_seq = 4096;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 34000000000.0;
        t.sources = {
            {"S1", "foundation-model-stack/fms-fsdp fms_fsdp/utils/config_utils.py get_model_config('llama2_34b'): LLaMAConfig(emb_dim 8192, nheads 64, kvheads 8, nlayers 48, hidden_grow_factor 22016/8192, src_vocab_size 32000), the Llama 2 architecture (RMSNorm, RoPE, SwiGLU, no biases, untied output)"},
            {"S2", "foundation-model-stack/fms-fsdp README.md, training throughput benchmarks: 7B, 13B, 34B and 70B Llama 2 style models trained with FSDP at 4k context"}};
        t.origin = "built-in (models/workloads/llama2-34b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/llama2-70b.toml
        transformer_config t;
        t.name = "llama2-70b";
        t.aliases = {"Llama-2-70b-hf", "meta-llama/Llama-2-70b-hf", "llama-2-70b", "Llama-2-70b-chat-hf", "meta-llama/Llama-2-70b-chat-hf"};
        t.description = "Llama 2 70B: 80-layer decoder, d_model 8192, 64 heads (8 KV heads, GQA), SwiGLU 28672, RMSNorm, RoPE, vocab 32000, context 4096, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 80;
        t.decoder_layers = 0;
        t.hidden = 8192;
        t.heads = 64;
        t.kv_heads = 8;
        t.head_dim = 128;
        t.ffn_hidden = 28672;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 32000;
        t.max_seq = 4096;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 68976648192.0;
        t.sources = {
            {"S1", "Touvron et al., 'Llama 2: Open Foundation and Fine-Tuned Chat Models' (arXiv:2307.09288), Table 1 (7B, 13B, 34B, 70B; context length 4k; grouped-query attention for 34B and 70B) and Section 2.2 (the Llama 1 architecture: RMSNorm pre-normalization, SwiGLU, rotary embeddings; vocabulary of 32k tokens)"},
            {"S2", "Hugging Face meta-llama/Llama-2-70b-hf config.json: hidden_size 8192, intermediate_size 28672, num_hidden_layers 80, num_attention_heads 64, num_key_value_heads 8, vocab_size 32000, max_position_embeddings 4096, hidden_act silu, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/llama/modeling_llama.py: q/k/v/o and gate/up/down projections with bias=False, LlamaRMSNorm (weight only), separate lm_head"},
            {"S4", "Parameter count of the released meta-llama/Llama-2-70b-hf safetensors weights, 68,976,648,192 (the Hugging Face page shows 69B params); Meta's paper rounds to 70B"}};
        t.origin = "built-in (models/workloads/llama2-70b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/llama2-7b.toml
        transformer_config t;
        t.name = "llama2-7b";
        t.aliases = {"Llama-2-7b-hf", "meta-llama/Llama-2-7b-hf", "llama-2-7b", "Llama-2-7b-chat-hf", "meta-llama/Llama-2-7b-chat-hf"};
        t.description = "Llama 2 7B: 32-layer decoder, d_model 4096, 32 heads, SwiGLU 11008, RMSNorm, RoPE, vocab 32000, context 4096, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 32;
        t.decoder_layers = 0;
        t.hidden = 4096;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 128;
        t.ffn_hidden = 11008;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 32000;
        t.max_seq = 4096;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 6738415616.0;
        t.sources = {
            {"S1", "Touvron et al., 'Llama 2: Open Foundation and Fine-Tuned Chat Models' (arXiv:2307.09288), Table 1 (7B, 13B, 34B, 70B; context length 4k; grouped-query attention for 34B and 70B) and Section 2.2 (the Llama 1 architecture: RMSNorm pre-normalization, SwiGLU, rotary embeddings; vocabulary of 32k tokens)"},
            {"S2", "Hugging Face meta-llama/Llama-2-7b-hf config.json: hidden_size 4096, intermediate_size 11008, num_hidden_layers 32, num_attention_heads 32, num_key_value_heads 32, vocab_size 32000, max_position_embeddings 4096, hidden_act silu, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/llama/modeling_llama.py: q/k/v/o and gate/up/down projections with bias=False, LlamaRMSNorm (weight only), separate lm_head"},
            {"S4", "Parameter count of the released meta-llama/Llama-2-7b-hf safetensors weights, 6,738,415,616 (the Hugging Face page shows 6.74B params); Meta's paper rounds to 7B"}};
        t.origin = "built-in (models/workloads/llama2-7b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/llama3-70b.toml
        transformer_config t;
        t.name = "llama3-70b";
        t.aliases = {"Meta-Llama-3-70B", "meta-llama/Meta-Llama-3-70B", "llama-3-70b", "Meta-Llama-3-70B-Instruct", "llama3.1-70b", "Llama-3.1-70B", "meta-llama/Llama-3.1-70B", "Meta-Llama-3.1-70B", "Llama-3.1-70B-Instruct"};
        t.description = "Llama 3 / 3.1 70B: 80-layer decoder, d_model 8192, 64 heads (8 KV heads, GQA), SwiGLU 28672, RMSNorm, RoPE, vocab 128256, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 80;
        t.decoder_layers = 0;
        t.hidden = 8192;
        t.heads = 64;
        t.kv_heads = 8;
        t.head_dim = 128;
        t.ffn_hidden = 28672;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 128256;
        t.max_seq = 8192;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 70553706496.0;
        t.sources = {
            {"S1", "Llama Team, 'The Llama 3 Herd of Models' (arXiv:2407.21783), Table 3 (8B: 32 layers, model dimension 4,096, FFN 14,336, 32 attention heads, 8 key/value heads; 70B: 80, 8,192, 28,672, 64, 8; SwiGLU; vocabulary of 128K tokens; RoPE with theta 500,000); Llama 3 context 8K, Llama 3.1 128K"},
            {"S2", "Hugging Face meta-llama/Meta-Llama-3-70B config.json: hidden_size 8192, intermediate_size 28672, num_hidden_layers 80, num_attention_heads 64, num_key_value_heads 8, vocab_size 128256, max_position_embeddings 8192, rope_theta 500000, hidden_act silu, tie_word_embeddings false (Llama-3.1-70B: the same with max_position_embeddings 131072)"},
            {"S3", "Parameter count of the released meta-llama/Meta-Llama-3-70B safetensors weights: 70,553,706,496 (Hugging Face shows 70.6B params)"},
            {"S4", "Hugging Face transformers models/llama/modeling_llama.py: q/k/v/o and gate/up/down projections with bias=False, LlamaRMSNorm (weight only), separate lm_head"}};
        t.origin = "built-in (models/workloads/llama3-70b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/llama3-8b.toml
        transformer_config t;
        t.name = "llama3-8b";
        t.aliases = {"Meta-Llama-3-8B", "meta-llama/Meta-Llama-3-8B", "llama-3-8b", "Meta-Llama-3-8B-Instruct", "llama3.1-8b", "Llama-3.1-8B", "meta-llama/Llama-3.1-8B", "Meta-Llama-3.1-8B", "Llama-3.1-8B-Instruct"};
        t.description = "Llama 3 / 3.1 8B: 32-layer decoder, d_model 4096, 32 heads (8 KV heads, GQA), SwiGLU 14336, RMSNorm, RoPE, vocab 128256, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 32;
        t.decoder_layers = 0;
        t.hidden = 4096;
        t.heads = 32;
        t.kv_heads = 8;
        t.head_dim = 128;
        t.ffn_hidden = 14336;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 128256;
        t.max_seq = 8192;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 8030261248.0;
        t.sources = {
            {"S1", "Llama Team, 'The Llama 3 Herd of Models' (arXiv:2407.21783), Table 3 (8B: 32 layers, model dimension 4,096, FFN 14,336, 32 attention heads, 8 key/value heads; 70B: 80, 8,192, 28,672, 64, 8; SwiGLU; vocabulary of 128K tokens; RoPE with theta 500,000); Llama 3 context 8K, Llama 3.1 128K"},
            {"S2", "Hugging Face meta-llama/Meta-Llama-3-8B config.json: hidden_size 4096, intermediate_size 14336, num_hidden_layers 32, num_attention_heads 32, num_key_value_heads 8, vocab_size 128256, max_position_embeddings 8192, rope_theta 500000, hidden_act silu, tie_word_embeddings false (Llama-3.1-8B: the same with max_position_embeddings 131072)"},
            {"S3", "Parameter count of the released meta-llama/Meta-Llama-3-8B safetensors weights: 8,030,261,248 (Hugging Face shows 8.03B params)"},
            {"S4", "Hugging Face transformers models/llama/modeling_llama.py: q/k/v/o and gate/up/down projections with bias=False, LlamaRMSNorm (weight only), separate lm_head"}};
        t.origin = "built-in (models/workloads/llama3-8b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/llama3.1-405b.toml
        transformer_config t;
        t.name = "llama3.1-405b";
        t.aliases = {"Llama-3.1-405B", "meta-llama/Llama-3.1-405B", "Meta-Llama-3.1-405B", "Llama-3.1-405B-Instruct"};
        t.description = "Llama 3.1 405B: 126-layer decoder, d_model 16384, 128 heads (8 KV heads, GQA), SwiGLU 53248, RMSNorm, RoPE, vocab 128256, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 126;
        t.decoder_layers = 0;
        t.hidden = 16384;
        t.heads = 128;
        t.kv_heads = 8;
        t.head_dim = 128;
        t.ffn_hidden = 53248;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 128256;
        t.max_seq = 131072;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 405000000000.0;
        t.sources = {
            {"S1", "Llama Team, 'The Llama 3 Herd of Models' (arXiv:2407.21783), Table 3 (405B: 126 layers, model dimension 16,384, FFN 53,248, 128 attention heads, 8 key/value heads; SwiGLU; vocabulary of 128K tokens; RoPE with theta 500,000) and Section 1 ('405B parameters')"},
            {"S2", "Hugging Face meta-llama/Llama-3.1-405B config.json: hidden_size 16384, intermediate_size 53248, num_hidden_layers 126, num_attention_heads 128, num_key_value_heads 8, vocab_size 128256, max_position_embeddings 131072, hidden_act silu, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/llama/modeling_llama.py: q/k/v/o and gate/up/down projections with bias=False, LlamaRMSNorm (weight only), separate lm_head"}};
        t.origin = "built-in (models/workloads/llama3.1-405b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/mistral-7b.toml
        transformer_config t;
        t.name = "mistral-7b";
        t.aliases = {"Mistral-7B-v0.1", "mistralai/Mistral-7B-v0.1", "Mistral-7B-Instruct-v0.1", "mistralai/Mistral-7B-Instruct-v0.1"};
        t.description = "Mistral 7B v0.1: 32-layer decoder, d_model 4096, 32 heads (8 KV heads, GQA), SwiGLU 14336, 4096-token sliding window in every block, RMSNorm, RoPE, vocab 32000, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 32;
        t.decoder_layers = 0;
        t.hidden = 4096;
        t.heads = 32;
        t.kv_heads = 8;
        t.head_dim = 128;
        t.ffn_hidden = 14336;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 32000;
        t.max_seq = 32768;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.sliding_window = 4096;
        t.sliding_layers = 32;
        t.published_parameters = 7241732096.0;
        t.sources = {
            {"S1", "Jiang et al., 'Mistral 7B' (arXiv:2310.06825), Section 2 (sliding window attention: each layer attends to the previous W = 4096 tokens; rolling buffer cache of W) and Table 1: dim 4096, n_layers 32, head_dim 128, hidden_dim 14336, n_heads 32, n_kv_heads 8, window_size 4096, context_len 8192, vocab_size 32000"},
            {"S2", "Hugging Face mistralai/Mistral-7B-v0.1 config.json: hidden_size 4096, intermediate_size 14336, num_hidden_layers 32, num_attention_heads 32, num_key_value_heads 8, vocab_size 32000, max_position_embeddings 32768, sliding_window 4096, rope_theta 10000.0, hidden_act silu, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/mistral/modeling_mistral.py: q/k/v/o and gate/up/down projections with bias=False, MistralRMSNorm (weight only), rotary embeddings, separate lm_head"},
            {"S4", "Parameter count of the released mistralai/Mistral-7B-v0.1 safetensors weights: 7,241,732,096 (Hugging Face shows 7.24B params); Mistral AI, 'Mistral 7B' announcement (September 2023): 'a 7.3B parameter model'"}};
        t.origin = "built-in (models/workloads/mistral-7b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/mixtral-8x7b.toml
        transformer_config t;
        t.name = "mixtral-8x7b";
        t.aliases = {"Mixtral-8x7B-v0.1", "mistralai/Mixtral-8x7B-v0.1", "Mixtral-8x7B-Instruct-v0.1", "mistralai/Mixtral-8x7B-Instruct-v0.1"};
        t.description = "Mixtral 8x7B: 32-layer decoder, d_model 4096, 32 heads (8 KV heads), 8 SwiGLU experts of 14336, top-2, RMSNorm, RoPE, vocab 32000";
        t.kind = transformer_kind::decoder;
        t.layers = 32;
        t.decoder_layers = 0;
        t.hidden = 4096;
        t.heads = 32;
        t.kv_heads = 8;
        t.head_dim = 128;
        t.ffn_hidden = 14336;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 32000;
        t.max_seq = 32768;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 8;
        t.top_k = 2;
        t.moe_every = 1;
        t.published_parameters = 46700000000.0;
        t.sources = {
            {"S1", "Jiang et al., 'Mixtral of Experts' (arXiv:2401.04088), Table 1: dim 4096, n_layers 32, head_dim 128, hidden_dim 14336, n_heads 32, n_kv_heads 8, context_len 32768, vocab_size 32000, num_experts 8, top_k_experts 2"},
            {"S2", "Hugging Face mistralai/Mixtral-8x7B-v0.1 config.json: hidden_size 4096, intermediate_size 14336, num_hidden_layers 32, num_attention_heads 32, num_key_value_heads 8, num_local_experts 8, num_experts_per_tok 2, vocab_size 32000, max_position_embeddings 32768, sliding_window null, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/mixtral/modeling_mixtral.py: projections and experts without bias, MixtralRMSNorm, router gate hidden x experts"},
            {"S4", "Mistral AI, 'Mixtral of experts' (December 2023 announcement): 'Mixtral has 46.7B total parameters but only uses 12.9B parameters per token'"}};
        t.origin = "built-in (models/workloads/mixtral-8x7b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/mpt-125m.toml
        transformer_config t;
        t.name = "mpt-125m";
        t.aliases = {};
        t.description = "MPT-125M (llm-foundry pretraining yaml): 12 layers, d_model 768, 12 heads, FFN 4 x d_model, learned positions, biases, vocab 50368, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 12;
        t.decoder_layers = 0;
        t.hidden = 768;
        t.heads = 12;
        t.kv_heads = 12;
        t.head_dim = 64;
        t.ffn_hidden = 3072;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50368;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 125311488.0;
        t.sources = {
            {"S1", "mosaicml/llm-foundry scripts/train/yamls/pretrain/mpt-125m.yaml: d_model 768, n_heads 12, n_layers 12, expansion_ratio 4, max_seq_len 2048, vocab_size 50368 (nothing else about the model is set)"},
            {"S2", "mosaicml/llm-foundry llmfoundry/models/mpt/configuration_mpt.py MPTConfig defaults: learned_pos_emb True, no_bias False, norm_type low_precision_layernorm, tie_word_embeddings True, attn_config alibi False; llmfoundry/models/layers/ffn.py MPTMLP (up and down projections, GELU)"},
            {"S3", "mosaicml/llm-foundry scripts/train/benchmarking/README.md, n_params column: 125,311,488 for MPT-125M (the value in the measurement rows' params, models/measurements/measured-dev.csv)"}};
        t.origin = "built-in (models/workloads/mpt-125m.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/mpt-13b.toml
        transformer_config t;
        t.name = "mpt-13b";
        t.aliases = {};
        t.description = "MPT-13B (llm-foundry pretraining yaml): 40 layers, d_model 5120, 40 heads, FFN 4 x d_model, learned positions, biases, vocab 50368, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 40;
        t.decoder_layers = 0;
        t.hidden = 5120;
        t.heads = 40;
        t.kv_heads = 40;
        t.head_dim = 128;
        t.ffn_hidden = 20480;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50368;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 12853954560.0;
        t.sources = {
            {"S1", "mosaicml/llm-foundry scripts/train/yamls/pretrain/mpt-13b.yaml: d_model 5120, n_heads 40, n_layers 40, expansion_ratio 4, max_seq_len 2048, vocab_size 50368 (nothing else about the model is set)"},
            {"S2", "mosaicml/llm-foundry llmfoundry/models/mpt/configuration_mpt.py MPTConfig defaults: learned_pos_emb True, no_bias False, norm_type low_precision_layernorm, tie_word_embeddings True, attn_config alibi False; llmfoundry/models/layers/ffn.py MPTMLP (up and down projections, GELU)"},
            {"S3", "mosaicml/llm-foundry scripts/train/benchmarking/README.md, n_params column: 12,853,954,560 for MPT-13B (the value in the measurement rows' params, models/measurements/measured-dev.csv)"}};
        t.origin = "built-in (models/workloads/mpt-13b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/mpt-1b.toml
        transformer_config t;
        t.name = "mpt-1b";
        t.aliases = {};
        t.description = "MPT-1B (llm-foundry pretraining yaml): 24 layers, d_model 2048, 16 heads, FFN 4 x d_model, learned positions, biases, vocab 50368, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 24;
        t.decoder_layers = 0;
        t.hidden = 2048;
        t.heads = 16;
        t.kv_heads = 16;
        t.head_dim = 128;
        t.ffn_hidden = 8192;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50368;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 1315950592.0;
        t.sources = {
            {"S1", "mosaicml/llm-foundry scripts/train/yamls/pretrain/mpt-1b.yaml: d_model 2048, n_heads 16, n_layers 24, expansion_ratio 4, max_seq_len 2048, vocab_size 50368 (nothing else about the model is set)"},
            {"S2", "mosaicml/llm-foundry llmfoundry/models/mpt/configuration_mpt.py MPTConfig defaults: learned_pos_emb True, no_bias False, norm_type low_precision_layernorm, tie_word_embeddings True, attn_config alibi False; llmfoundry/models/layers/ffn.py MPTMLP (up and down projections, GELU)"},
            {"S3", "mosaicml/llm-foundry scripts/train/benchmarking/README.md, n_params column: 1,315,950,592 for MPT-1B (the value in the measurement rows' params, models/measurements/measured-dev.csv)"}};
        t.origin = "built-in (models/workloads/mpt-1b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/mpt-30b.toml
        transformer_config t;
        t.name = "mpt-30b";
        t.aliases = {};
        t.description = "MPT-30B (llm-foundry pretraining yaml): 48 layers, d_model 7168, 56 heads, FFN 4 x d_model, learned positions, biases, vocab 50368, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 48;
        t.decoder_layers = 0;
        t.hidden = 7168;
        t.heads = 56;
        t.kv_heads = 56;
        t.head_dim = 128;
        t.ffn_hidden = 28672;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50368;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 29975214080.0;
        t.sources = {
            {"S1", "mosaicml/llm-foundry scripts/train/yamls/pretrain/mpt-30b.yaml: d_model 7168, n_heads 56, n_layers 48, expansion_ratio 4, max_seq_len 2048, vocab_size 50368 (nothing else about the model is set)"},
            {"S2", "mosaicml/llm-foundry llmfoundry/models/mpt/configuration_mpt.py MPTConfig defaults: learned_pos_emb True, no_bias False, norm_type low_precision_layernorm, tie_word_embeddings True, attn_config alibi False; llmfoundry/models/layers/ffn.py MPTMLP (up and down projections, GELU)"},
            {"S3", "mosaicml/llm-foundry scripts/train/benchmarking/README.md, n_params column: 29,975,214,080 for MPT-30B (the value in the measurement rows' params, models/measurements/measured-dev.csv)"}};
        t.origin = "built-in (models/workloads/mpt-30b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/mpt-350m.toml
        transformer_config t;
        t.name = "mpt-350m";
        t.aliases = {};
        t.description = "MPT-350M (llm-foundry pretraining yaml): 24 layers, d_model 1024, 16 heads, FFN 4 x d_model, learned positions, biases, vocab 50368, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 24;
        t.decoder_layers = 0;
        t.hidden = 1024;
        t.heads = 16;
        t.kv_heads = 16;
        t.head_dim = 64;
        t.ffn_hidden = 4096;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50368;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 355985408.0;
        t.sources = {
            {"S1", "mosaicml/llm-foundry scripts/train/yamls/pretrain/mpt-350m.yaml: d_model 1024, n_heads 16, n_layers 24, expansion_ratio 4, max_seq_len 2048, vocab_size 50368 (nothing else about the model is set)"},
            {"S2", "mosaicml/llm-foundry llmfoundry/models/mpt/configuration_mpt.py MPTConfig defaults: learned_pos_emb True, no_bias False, norm_type low_precision_layernorm, tie_word_embeddings True, attn_config alibi False; llmfoundry/models/layers/ffn.py MPTMLP (up and down projections, GELU)"},
            {"S3", "mosaicml/llm-foundry scripts/train/benchmarking/README.md, n_params column: 355,985,408 for MPT-350M (the value in the measurement rows' params, models/measurements/measured-dev.csv)"}};
        t.origin = "built-in (models/workloads/mpt-350m.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/mpt-3b.toml
        transformer_config t;
        t.name = "mpt-3b";
        t.aliases = {};
        t.description = "MPT-3B (llm-foundry pretraining yaml): 32 layers, d_model 2560, 20 heads, FFN 4 x d_model, learned positions, biases, vocab 50368, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 32;
        t.decoder_layers = 0;
        t.hidden = 2560;
        t.heads = 20;
        t.kv_heads = 20;
        t.head_dim = 128;
        t.ffn_hidden = 10240;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50368;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 2651837440.0;
        t.sources = {
            {"S1", "mosaicml/llm-foundry scripts/train/yamls/pretrain/mpt-3b.yaml: d_model 2560, n_heads 20, n_layers 32, expansion_ratio 4, max_seq_len 2048, vocab_size 50368 (nothing else about the model is set)"},
            {"S2", "mosaicml/llm-foundry llmfoundry/models/mpt/configuration_mpt.py MPTConfig defaults: learned_pos_emb True, no_bias False, norm_type low_precision_layernorm, tie_word_embeddings True, attn_config alibi False; llmfoundry/models/layers/ffn.py MPTMLP (up and down projections, GELU)"},
            {"S3", "mosaicml/llm-foundry scripts/train/benchmarking/README.md, n_params column: 2,651,837,440 for MPT-3B (the value in the measurement rows' params, models/measurements/measured-dev.csv)"}};
        t.origin = "built-in (models/workloads/mpt-3b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/mpt-70b.toml
        transformer_config t;
        t.name = "mpt-70b";
        t.aliases = {};
        t.description = "MPT-70B (llm-foundry pretraining yaml): 80 layers, d_model 8192, 64 heads, FFN 4 x d_model, learned positions, biases, vocab 50368, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 80;
        t.decoder_layers = 0;
        t.hidden = 8192;
        t.heads = 64;
        t.kv_heads = 64;
        t.head_dim = 128;
        t.ffn_hidden = 32768;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50368;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 64862437376.0;
        t.sources = {
            {"S1", "mosaicml/llm-foundry scripts/train/yamls/pretrain/mpt-70b.yaml: d_model 8192, n_heads 64, n_layers 80, expansion_ratio 4, max_seq_len 2048, vocab_size 50368 (nothing else about the model is set)"},
            {"S2", "mosaicml/llm-foundry llmfoundry/models/mpt/configuration_mpt.py MPTConfig defaults: learned_pos_emb True, no_bias False, norm_type low_precision_layernorm, tie_word_embeddings True, attn_config alibi False; llmfoundry/models/layers/ffn.py MPTMLP (up and down projections, GELU)"},
            {"S3", "mosaicml/llm-foundry scripts/train/benchmarking/README.md, n_params column: 64,862,437,376 for MPT-70B (the value in the measurement rows' params, models/measurements/measured-dev.csv)"}};
        t.origin = "built-in (models/workloads/mpt-70b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/mpt-760m.toml
        transformer_config t;
        t.name = "mpt-760m";
        t.aliases = {};
        t.description = "MPT-760M (llm-foundry pretraining yaml): 24 layers, d_model 1536, 12 heads, FFN 4 x d_model, learned positions, biases, vocab 50368, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 24;
        t.decoder_layers = 0;
        t.hidden = 1536;
        t.heads = 12;
        t.kv_heads = 12;
        t.head_dim = 128;
        t.ffn_hidden = 6144;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50368;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 760470528.0;
        t.sources = {
            {"S1", "mosaicml/llm-foundry scripts/train/yamls/pretrain/mpt-760m.yaml: d_model 1536, n_heads 12, n_layers 24, expansion_ratio 4, max_seq_len 2048, vocab_size 50368 (nothing else about the model is set)"},
            {"S2", "mosaicml/llm-foundry llmfoundry/models/mpt/configuration_mpt.py MPTConfig defaults: learned_pos_emb True, no_bias False, norm_type low_precision_layernorm, tie_word_embeddings True, attn_config alibi False; llmfoundry/models/layers/ffn.py MPTMLP (up and down projections, GELU)"},
            {"S3", "mosaicml/llm-foundry scripts/train/benchmarking/README.md, n_params column: 760,470,528 for MPT-760M (the value in the measurement rows' params, models/measurements/measured-dev.csv)"}};
        t.origin = "built-in (models/workloads/mpt-760m.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/mpt-7b.toml
        transformer_config t;
        t.name = "mpt-7b";
        t.aliases = {};
        t.description = "MPT-7B (llm-foundry pretraining yaml): 32 layers, d_model 4096, 32 heads, FFN 4 x d_model, learned positions, biases, vocab 50368, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 32;
        t.decoder_layers = 0;
        t.hidden = 4096;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 128;
        t.ffn_hidden = 16384;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50368;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 6658859008.0;
        t.sources = {
            {"S1", "mosaicml/llm-foundry scripts/train/yamls/pretrain/mpt-7b.yaml: d_model 4096, n_heads 32, n_layers 32, expansion_ratio 4, max_seq_len 2048, vocab_size 50368 (nothing else about the model is set)"},
            {"S2", "mosaicml/llm-foundry llmfoundry/models/mpt/configuration_mpt.py MPTConfig defaults: learned_pos_emb True, no_bias False, norm_type low_precision_layernorm, tie_word_embeddings True, attn_config alibi False; llmfoundry/models/layers/ffn.py MPTMLP (up and down projections, GELU)"},
            {"S3", "mosaicml/llm-foundry scripts/train/benchmarking/README.md, n_params column: 6,658,859,008 for MPT-7B (the value in the measurement rows' params, models/measurements/measured-dev.csv)"}};
        t.origin = "built-in (models/workloads/mpt-7b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/mt-nlg-530b.toml
        transformer_config t;
        t.name = "mt-nlg-530b";
        t.aliases = {"megatron-turing-nlg-530b"};
        t.description = "530B GPT (DeepSpeed Azure post): 105-layer decoder, d_model 20480, 128 heads, GELU 81920, vocab 50257";
        t.kind = transformer_kind::decoder;
        t.layers = 105;
        t.decoder_layers = 0;
        t.hidden = 20480;
        t.heads = 128;
        t.kv_heads = 128;
        t.head_dim = 160;
        t.ffn_hidden = 81920;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50257;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 530000000000.0;
        t.sources = {
            {"S1", "microsoft/DeepSpeed docs/_posts/2022-07-26-deepspeed-azure.md (DeepSpeed blog 'Azure empowers easy-to-use, high-performance, and hyperscale model training using DeepSpeed'), Table 2: layers, hidden size and attention heads of the 175B, 530B, 1T and 2T GPT models trained with ZeRO-3 on Azure NDm A100 v4"},
            {"S2", "Megatron-LM GPT model as Megatron-DeepSpeed trains it: pre-layer-norm blocks, learned positions, GELU feed-forward of 4 x hidden with biases, GPT-2 BPE vocabulary of 50257, output tied to the token embedding"}};
        t.origin = "built-in (models/workloads/mt-nlg-530b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/nanotron-llama-1.34b.toml
        transformer_config t;
        t.name = "nanotron-llama-1.34b";
        t.aliases = {"nanotron-1b"};
        t.description = "nanotron benchmark 1B: 16-layer Llama decoder, d_model 2048, 32 heads, SwiGLU 8192, vocab 131072, tied";
        t.kind = transformer_kind::decoder;
        t.layers = 16;
        t.decoder_layers = 0;
        t.hidden = 2048;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 64;
        t.ffn_hidden = 8192;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 131072;
        t.max_seq = 4096;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = true;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 1340000000.0;
        t.sources = {
            {"S1", "huggingface/nanotron scripts/scaling_benchmarks.py model_configs (the benchmark shapes of the Ultra-Scale Playbook: layers, hidden, heads, intermediate size per size label; Llama architecture: RMSNorm, RoPE, SwiGLU, no biases) with vocab_size 131072; the parameter count this shape gives reproduces the label of the playbook's benchmark heatmap (huggingface/nanotron docs/benchmark_summary.svg)"},
            {"S2", "Hugging Face Ultra-Scale Playbook (nanotron/ultrascale-playbook), benchmark section: Llama-architecture models of 1B, 3B, 8B and 80B trained at sequence length 4096 on 1 to 64 nodes of 8 H100"}};
        t.origin = "built-in (models/workloads/nanotron-llama-1.34b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/nanotron-llama-3.57b.toml
        transformer_config t;
        t.name = "nanotron-llama-3.57b";
        t.aliases = {"nanotron-3b"};
        t.description = "nanotron benchmark 3B: 28-layer Llama decoder, d_model 3072, 32 heads, SwiGLU 8192, vocab 131072, tied";
        t.kind = transformer_kind::decoder;
        t.layers = 28;
        t.decoder_layers = 0;
        t.hidden = 3072;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 96;
        t.ffn_hidden = 8192;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 131072;
        t.max_seq = 4096;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = true;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 3570000000.0;
        t.sources = {
            {"S1", "huggingface/nanotron scripts/scaling_benchmarks.py model_configs (the benchmark shapes of the Ultra-Scale Playbook: layers, hidden, heads, intermediate size per size label; Llama architecture: RMSNorm, RoPE, SwiGLU, no biases) with vocab_size 131072; the parameter count this shape gives reproduces the label of the playbook's benchmark heatmap (huggingface/nanotron docs/benchmark_summary.svg)"},
            {"S2", "Hugging Face Ultra-Scale Playbook (nanotron/ultrascale-playbook), benchmark section: Llama-architecture models of 1B, 3B, 8B and 80B trained at sequence length 4096 on 1 to 64 nodes of 8 H100"}};
        t.origin = "built-in (models/workloads/nanotron-llama-3.57b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/nanotron-llama-8.86b.toml
        transformer_config t;
        t.name = "nanotron-llama-8.86b";
        t.aliases = {"nanotron-8b"};
        t.description = "nanotron benchmark 8B: 32-layer Llama decoder, d_model 4096, 32 heads, SwiGLU 14336, vocab 131072, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 32;
        t.decoder_layers = 0;
        t.hidden = 4096;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 128;
        t.ffn_hidden = 14336;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 131072;
        t.max_seq = 4096;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 8860000000.0;
        t.sources = {
            {"S1", "huggingface/nanotron scripts/scaling_benchmarks.py model_configs (the benchmark shapes of the Ultra-Scale Playbook: layers, hidden, heads, intermediate size per size label; Llama architecture: RMSNorm, RoPE, SwiGLU, no biases) with vocab_size 131072; the parameter count this shape gives reproduces the label of the playbook's benchmark heatmap (huggingface/nanotron docs/benchmark_summary.svg)"},
            {"S2", "Hugging Face Ultra-Scale Playbook (nanotron/ultrascale-playbook), benchmark section: Llama-architecture models of 1B, 3B, 8B and 80B trained at sequence length 4096 on 1 to 64 nodes of 8 H100"}};
        t.origin = "built-in (models/workloads/nanotron-llama-8.86b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/nanotron-llama-80b.toml
        transformer_config t;
        t.name = "nanotron-llama-80b";
        t.aliases = {"nanotron-80b"};
        t.description = "nanotron benchmark 80B: 80-layer Llama decoder, d_model 8192, 64 heads, SwiGLU 28672, vocab 131072, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 80;
        t.decoder_layers = 0;
        t.hidden = 8192;
        t.heads = 64;
        t.kv_heads = 64;
        t.head_dim = 128;
        t.ffn_hidden = 28672;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 131072;
        t.max_seq = 4096;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 80000000000.0;
        t.sources = {
            {"S1", "huggingface/nanotron scripts/scaling_benchmarks.py model_configs (the benchmark shapes of the Ultra-Scale Playbook: layers, hidden, heads, intermediate size per size label; Llama architecture: RMSNorm, RoPE, SwiGLU, no biases) with vocab_size 131072; the parameter count this shape gives reproduces the label of the playbook's benchmark heatmap (huggingface/nanotron docs/benchmark_summary.svg)"},
            {"S2", "Hugging Face Ultra-Scale Playbook (nanotron/ultrascale-playbook), benchmark section: Llama-architecture models of 1B, 3B, 8B and 80B trained at sequence length 4096 on 1 to 64 nodes of 8 H100"}};
        t.origin = "built-in (models/workloads/nanotron-llama-80b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/opt-1.3b.toml
        transformer_config t;
        t.name = "opt-1.3b";
        t.aliases = {"facebook/opt-1.3b"};
        t.description = "OPT-1.3B: 24-layer decoder, d_model 2048, 32 heads, ReLU FFN 8192, vocab 50272, 2048 learned positions";
        t.kind = transformer_kind::decoder;
        t.layers = 24;
        t.decoder_layers = 0;
        t.hidden = 2048;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 64;
        t.ffn_hidden = 8192;
        t.ffn = ffn_kind::relu;
        t.vocab = 50272;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 1300000000.0;
        t.sources = {
            {"S1", "Zhang et al., 'OPT: Open Pre-trained Transformer Language Models' (arXiv:2205.01068), Table 1 (1.3B: 24 layers, 32 heads, d_model 2048) and Section 2 (GPT-2-style decoder with ReLU, learned positions, sequence length 2048, GPT-2 BPE tokenizer)"},
            {"S2", "Hugging Face facebook/opt-1.3b config.json (identical to NeuSight's scripts/asplos/data/DLmodel_configs/opt_13.json): hidden_size 2048, num_hidden_layers 24, num_attention_heads 32, ffn_dim 8192, activation_function relu, vocab_size 50272, max_position_embeddings 2048, do_layer_norm_before true, word_embed_proj_dim 2048"},
            {"S3", "Hugging Face transformers models/opt/modeling_opt.py: OPTLearnedPositionalEmbedding (max_position_embeddings + 2 rows), biased attention and FFN linears, lm_head tied to the input embedding"}};
        t.origin = "built-in (models/workloads/opt-1.3b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/opt-125m.toml
        transformer_config t;
        t.name = "opt-125m";
        t.aliases = {"facebook/opt-125m"};
        t.description = "OPT-125M: 12-layer decoder, d_model 768, 12 heads, ReLU FFN 3072, vocab 50272, 2048 learned positions, tied";
        t.kind = transformer_kind::decoder;
        t.layers = 12;
        t.decoder_layers = 0;
        t.hidden = 768;
        t.heads = 12;
        t.kv_heads = 12;
        t.head_dim = 64;
        t.ffn_hidden = 3072;
        t.ffn = ffn_kind::relu;
        t.vocab = 50272;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 125000000.0;
        t.sources = {
            {"S1", "Zhang et al., 'OPT: Open Pre-trained Transformer Language Models' (arXiv:2205.01068), Table 1 (125M: 12 layers, 12 heads, d_model 768) and Section 2 (GPT-2-style decoder with ReLU, learned positions, sequence length 2048, GPT-2 BPE tokenizer)"},
            {"S2", "Hugging Face facebook/opt-125m config.json: hidden_size 768, num_hidden_layers 12, num_attention_heads 12, ffn_dim 3072, activation_function relu, vocab_size 50272, max_position_embeddings 2048, do_layer_norm_before true, word_embed_proj_dim 768"},
            {"S3", "Hugging Face transformers models/opt/modeling_opt.py: OPTLearnedPositionalEmbedding (max_position_embeddings + 2 rows), biased attention and FFN linears, lm_head tied to the input embedding"}};
        t.origin = "built-in (models/workloads/opt-125m.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/paxml-gpt-5b.toml
        transformer_config t;
        t.name = "paxml-gpt-5b";
        t.aliases = {"pax-gpt-5b", "GPT5B"};
        t.description = "Paxml GPT5B: 24-layer GPT decoder, d_model 4096, 32 heads, GELU 16384, vocab 50304, context 2048";
        t.kind = transformer_kind::decoder;
        t.layers = 24;
        t.decoder_layers = 0;
        t.hidden = 4096;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 128;
        t.ffn_hidden = 16384;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50304;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 5000000000.0;
        t.sources = {
            {"S1", "google/paxml paxml/contrib/gpu/scripts_gpu/configs.py, class GPT5B (NUM_LAYERS 24, MODEL_DIMS 4096, NUM_HEADS 32, HIDDEN_DIMS 16384, MAX_SEQ_LEN 2048) on the GPT base config of that file (praxis TransformerLm: learned position embedding, layer norm, GELU feed-forward with biases, softmax shared with the token embedding; vocabulary padded to 50304)"},
            {"S2", "NVIDIA/JAX-Toolbox rosetta/rosetta/projects/pax/README.md: the 5B GPT configuration benchmarked on A100 and H100 at sequence length 2048"}};
        t.origin = "built-in (models/workloads/paxml-gpt-5b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/phi-1_5.toml
        transformer_config t;
        t.name = "phi-1_5";
        t.aliases = {"microsoft/phi-1_5", "phi-1.5"};
        t.description = "Phi-1.5: 24-layer decoder, d_model 2048, 32 heads of 64, GELU FFN 8192, vocab 51200, rotary on 32 of 64 dims, parallel attention/FFN, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 24;
        t.decoder_layers = 0;
        t.hidden = 2048;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 64;
        t.ffn_hidden = 8192;
        t.ffn = ffn_kind::gelu;
        t.vocab = 51200;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 1418270720.0;
        t.sources = {
            {"S1", "Li et al., 'Textbooks Are All You Need II: phi-1.5 technical report' (arXiv:2309.05463), Section 2.1: architecture exactly as phi-1, a Transformer with 24 layers, 32 heads of dimension 64, rotary embedding with rotary dimension 32, context length 2048; the Hugging Face microsoft/phi-1_5 model card: 'a Transformer with 1.3 billion parameters'"},
            {"S2", "Hugging Face microsoft/phi-1_5 config.json: model_type phi, hidden_size 2048, intermediate_size 8192, num_hidden_layers 24, num_attention_heads 32, num_key_value_heads 32, hidden_act gelu_new, vocab_size 51200, max_position_embeddings 2048, partial_rotary_factor 0.5, qk_layernorm false, rope_theta 10000.0, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/phi/modeling_phi.py: PhiDecoderLayer with one input_layernorm (LayerNorm) and attn_outputs + feed_forward_hidden_states + residual; q_proj, k_proj, v_proj and dense with bias=True; PhiMLP fc1 and fc2 with bias; final_layernorm; lm_head with bias"},
            {"S4", "Parameter count of the released microsoft/phi-1_5 safetensors weights (Hugging Face metadata safetensors total 1,418,270,720; shown as 1.42B params)"}};
        t.origin = "built-in (models/workloads/phi-1_5.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/phi3-mini.toml
        transformer_config t;
        t.name = "phi3-mini";
        t.aliases = {"phi-3-mini", "phi-3-mini-4k", "Phi-3-mini-4k-instruct", "microsoft/Phi-3-mini-4k-instruct"};
        t.description = "Phi-3-mini (4K): 32-layer decoder, d_model 3072, 32 heads of 96, SwiGLU 8192, 2047-token sliding window, RMSNorm, RoPE, vocab 32064, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 32;
        t.decoder_layers = 0;
        t.hidden = 3072;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 96;
        t.ffn_hidden = 8192;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 32064;
        t.max_seq = 4096;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.sliding_window = 2047;
        t.sliding_layers = 32;
        t.published_parameters = 3821079552.0;
        t.sources = {
            {"S1", "Abdin et al., 'Phi-3 Technical Report: A Highly Capable Language Model Locally on Your Phone' (arXiv:2404.14219), abstract ('phi-3-mini, a 3.8 billion parameter language model') and Section 2 (transformer decoder, default context length 4K; block structure similar to Llama-2, same tokenizer with vocabulary size 32064; 3072 hidden dimension, 32 heads, 32 layers)"},
            {"S2", "Hugging Face microsoft/Phi-3-mini-4k-instruct config.json: hidden_size 3072, intermediate_size 8192, num_hidden_layers 32, num_attention_heads 32, num_key_value_heads 32, vocab_size 32064, max_position_embeddings 4096, sliding_window 2047, rope_theta 10000.0, hidden_act silu, attention_bias false, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/phi3/modeling_phi3.py: fused qkv_proj and o_proj, gate_up_proj and down_proj, all with bias=False; Phi3RMSNorm (weight only); separate lm_head"},
            {"S4", "Parameter count of the released microsoft/Phi-3-mini-4k-instruct safetensors weights: 3,821,079,552 (Hugging Face shows 3.82B params); S1 rounds it to 3.8 billion"}};
        t.origin = "built-in (models/workloads/phi3-mini.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/pythia-2.8b.toml
        transformer_config t;
        t.name = "pythia-2.8b";
        t.aliases = {"EleutherAI/pythia-2.8b"};
        t.description = "Pythia-2.8B: 32-layer GPT-NeoX decoder, d_model 2560, 32 heads, GELU FFN 10240, vocab 50304, rotary on 25% of each head, parallel attention/FFN, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 32;
        t.decoder_layers = 0;
        t.hidden = 2560;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 80;
        t.ffn_hidden = 10240;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50304;
        t.max_seq = 2048;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 2775208960.0;
        t.sources = {
            {"S1", "EleutherAI Pythia model card (Hugging Face EleutherAI/pythia-2.8b): engineering table (2.8B: 2,517,652,480 non-embedding params, 32 layers, model dim 2560, 32 heads, equivalent to GPT-Neo 2.7B and OPT-2.7B) and naming table (2.8B, formerly 2.7B: total params 2,775,208,960, non-embedding 2,517,652,480)"},
            {"S2", "Hugging Face EleutherAI/pythia-2.8b config.json: model_type gpt_neox, hidden_size 2560, intermediate_size 10240, num_hidden_layers 32, num_attention_heads 32, hidden_act gelu, vocab_size 50304, max_position_embeddings 2048, rotary_pct 0.25, rotary_emb_base 10000, use_parallel_residual true, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/gpt_neox/modeling_gpt_neox.py: GPTNeoXLayer with input_layernorm and post_attention_layernorm (LayerNorm) and, with use_parallel_residual, attn(ln1(x)) + mlp(ln2(x)) + x; query_key_value and dense with bias; GPTNeoXMLP dense_h_to_4h and dense_4h_to_h with bias; final_layer_norm; embed_out without bias"}};
        t.origin = "built-in (models/workloads/pythia-2.8b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/qwen2-7b.toml
        transformer_config t;
        t.name = "qwen2-7b";
        t.aliases = {"Qwen/Qwen2-7B", "Qwen2-7B-Instruct", "Qwen/Qwen2-7B-Instruct"};
        t.description = "Qwen2-7B: 28-layer decoder, d_model 3584, 28 heads (4 KV heads, GQA), Q/K/V biases, SwiGLU 18944, RMSNorm, RoPE, vocab 152064, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 28;
        t.decoder_layers = 0;
        t.hidden = 3584;
        t.heads = 28;
        t.kv_heads = 4;
        t.head_dim = 128;
        t.ffn_hidden = 18944;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 152064;
        t.max_seq = 131072;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.qkv_bias = true;
        t.published_parameters = 7620000000.0;
        t.sources = {
            {"S1", "Qwen Team, 'Qwen2 Technical Report' (arXiv:2407.10671), Section 2.2 (GQA, SwiGLU, RoPE, QKV bias, RMSNorm, pre-normalization) and Table 1 (7B: hidden size 3,584, 28 layers, 28 query heads, 4 KV heads, head size 128, intermediate size 18,944, embedding tying false, vocabulary size 151,646)"},
            {"S2", "Hugging Face Qwen/Qwen2-7B config.json: hidden_size 3584, intermediate_size 18944, num_hidden_layers 28, num_attention_heads 28, num_key_value_heads 4, vocab_size 152064, max_position_embeddings 131072, rope_theta 1000000.0, use_sliding_window false, hidden_act silu, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/qwen2/modeling_qwen2.py: q_proj, k_proj, v_proj with bias=True, o_proj and gate/up/down projections with bias=False, Qwen2RMSNorm (weight only), separate lm_head"},
            {"S4", "Hugging Face Qwen/Qwen2-7B model page: 7.62B params (the released safetensors weights); Qwen Team, 'Hello Qwen2' blog (June 2024) lists 7.07B params and 5.98B non-embedding params for Qwen2-7B (not kept: see the comment above)"}};
        t.origin = "built-in (models/workloads/qwen2-7b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/qwen2.5-14b.toml
        transformer_config t;
        t.name = "qwen2.5-14b";
        t.aliases = {"Qwen/Qwen2.5-14B", "Qwen2.5-14B-Instruct", "Qwen/Qwen2.5-14B-Instruct", "deepseek-r1-distill-qwen-14b", "deepseek-ai/DeepSeek-R1-Distill-Qwen-14B"};
        t.description = "Qwen2.5-14B: 48-layer decoder, d_model 5120, 40 heads (8 KV heads, GQA), Q/K/V biases, SwiGLU 13824, RMSNorm, RoPE, vocab 152064, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 48;
        t.decoder_layers = 0;
        t.hidden = 5120;
        t.heads = 40;
        t.kv_heads = 8;
        t.head_dim = 128;
        t.ffn_hidden = 13824;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 152064;
        t.max_seq = 131072;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.qkv_bias = true;
        t.published_parameters = 14700000000.0;
        t.sources = {
            {"S1", "Qwen Team, 'Qwen2.5 Technical Report' (arXiv:2412.15115), Section 2 (dense models keep Qwen2's decoder: GQA, SwiGLU, RoPE, QKV bias, RMSNorm with pre-normalization) and Table 1 (14B: 48 layers, 40 / 8 query / KV heads, embedding tying no, 128K context)"},
            {"S2", "Hugging Face Qwen/Qwen2.5-14B config.json: hidden_size 5120, intermediate_size 13824, num_hidden_layers 48, num_attention_heads 40, num_key_value_heads 8, vocab_size 152064, max_position_embeddings 131072, rope_theta 1000000.0, use_sliding_window false, hidden_act silu, tie_word_embeddings false (Qwen2.5-14B-Instruct: the same with max_position_embeddings 32768)"},
            {"S3", "Hugging Face transformers models/qwen2/modeling_qwen2.py: q_proj, k_proj, v_proj with bias=True, o_proj and gate/up/down projections with bias=False, Qwen2RMSNorm (weight only), separate lm_head"},
            {"S4", "Hugging Face Qwen/Qwen2.5-14B and Qwen2.5-14B-Instruct model cards: Number of Parameters 14.7B, Non-Embedding 13.1B, 48 layers, 40 heads for Q and 8 for KV"},
            {"S5", "Hugging Face deepseek-ai/DeepSeek-R1-Distill-Qwen-14B config.json: model_type qwen2, hidden_size 5120, intermediate_size 13824, num_hidden_layers 48, num_attention_heads 40, num_key_value_heads 8, vocab_size 152064, max_position_embeddings 131072, tie_word_embeddings false; its model card names Qwen2.5-14B as the base model"}};
        t.origin = "built-in (models/workloads/qwen2.5-14b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/qwen2.5-32b.toml
        transformer_config t;
        t.name = "qwen2.5-32b";
        t.aliases = {"Qwen/Qwen2.5-32B", "Qwen2.5-32B-Instruct", "Qwen/Qwen2.5-32B-Instruct", "qwq-32b", "Qwen/QwQ-32B"};
        t.description = "Qwen2.5-32B: 64-layer decoder, d_model 5120, 40 heads (8 KV heads, GQA), Q/K/V biases, SwiGLU 27648, RMSNorm, RoPE, vocab 152064, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 64;
        t.decoder_layers = 0;
        t.hidden = 5120;
        t.heads = 40;
        t.kv_heads = 8;
        t.head_dim = 128;
        t.ffn_hidden = 27648;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 152064;
        t.max_seq = 131072;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.qkv_bias = true;
        t.published_parameters = 32500000000.0;
        t.sources = {
            {"S1", "Qwen Team, 'Qwen2.5 Technical Report' (arXiv:2412.15115), Section 2 (dense models keep Qwen2's decoder: GQA, SwiGLU, RoPE, QKV bias, RMSNorm with pre-normalization) and Table 1 (32B: 64 layers, 40 / 8 query / KV heads, embedding tying no, 128K context)"},
            {"S2", "Hugging Face Qwen/Qwen2.5-32B config.json: hidden_size 5120, intermediate_size 27648, num_hidden_layers 64, num_attention_heads 40, num_key_value_heads 8, vocab_size 152064, max_position_embeddings 131072, rope_theta 1000000.0, use_sliding_window false, hidden_act silu, tie_word_embeddings false (Qwen2.5-32B-Instruct: the same with max_position_embeddings 32768)"},
            {"S3", "Hugging Face transformers models/qwen2/modeling_qwen2.py: q_proj, k_proj, v_proj with bias=True, o_proj and gate/up/down projections with bias=False, Qwen2RMSNorm (weight only), separate lm_head"},
            {"S4", "Hugging Face Qwen/Qwen2.5-32B and Qwen2.5-32B-Instruct model cards: Number of Parameters 32.5B, Non-Embedding 31.0B, 64 layers, 40 heads for Q and 8 for KV (the Qwen/QwQ-32B card states the same)"},
            {"S5", "Hugging Face Qwen/QwQ-32B config.json: model_type qwen2, hidden_size 5120, intermediate_size 27648, num_hidden_layers 64, num_attention_heads 40, num_key_value_heads 8, vocab_size 152064, tie_word_embeddings false (max_position_embeddings is 131072 in one revision and 40960 in another, which changes no parameter; the card states a full 131,072-token context); its model card lists 32.5B parameters, 64 layers, 40 / 8 heads"}};
        t.origin = "built-in (models/workloads/qwen2.5-32b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/qwen2.5-72b.toml
        transformer_config t;
        t.name = "qwen2.5-72b";
        t.aliases = {"Qwen/Qwen2.5-72B", "Qwen2.5-72B-Instruct", "Qwen/Qwen2.5-72B-Instruct"};
        t.description = "Qwen2.5-72B: 80-layer decoder, d_model 8192, 64 heads (8 KV heads, GQA), Q/K/V biases, SwiGLU 29568, RMSNorm, RoPE, vocab 152064, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 80;
        t.decoder_layers = 0;
        t.hidden = 8192;
        t.heads = 64;
        t.kv_heads = 8;
        t.head_dim = 128;
        t.ffn_hidden = 29568;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 152064;
        t.max_seq = 131072;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.qkv_bias = true;
        t.published_parameters = 72700000000.0;
        t.sources = {
            {"S1", "Qwen Team, 'Qwen2.5 Technical Report' (arXiv:2412.15115), Section 2 (dense models keep Qwen2's decoder: GQA, SwiGLU, RoPE, QKV bias, RMSNorm with pre-normalization) and Table 1 (72B: 80 layers, 64 / 8 query / KV heads, embedding tying no, 128K context)"},
            {"S2", "Hugging Face Qwen/Qwen2.5-72B config.json: hidden_size 8192, intermediate_size 29568, num_hidden_layers 80, num_attention_heads 64, num_key_value_heads 8, vocab_size 152064, max_position_embeddings 131072, rope_theta 1000000.0, use_sliding_window false, hidden_act silu, tie_word_embeddings false (Qwen2.5-72B-Instruct: the same with max_position_embeddings 32768)"},
            {"S3", "Hugging Face transformers models/qwen2/modeling_qwen2.py: q_proj, k_proj, v_proj with bias=True, o_proj and gate/up/down projections with bias=False, Qwen2RMSNorm (weight only), separate lm_head"},
            {"S4", "Hugging Face Qwen/Qwen2.5-72B and Qwen2.5-72B-Instruct model cards: Number of Parameters 72.7B, Non-Embedding 70.0B, 80 layers, 64 heads for Q and 8 for KV"}};
        t.origin = "built-in (models/workloads/qwen2.5-72b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/qwen2.5-coder-0.5b.toml
        transformer_config t;
        t.name = "qwen2.5-coder-0.5b";
        t.aliases = {"Qwen/Qwen2.5-Coder-0.5B", "qwen2.5-coder-0.5b-instruct", "Qwen/Qwen2.5-Coder-0.5B-Instruct"};
        t.description = "Qwen2.5-Coder-0.5B: 24-layer decoder, d_model 896, 14 heads of 64 (2 KV heads, GQA), Q/K/V biases, SwiGLU 4864, RMSNorm, RoPE, vocab 151936, tied";
        t.kind = transformer_kind::decoder;
        t.layers = 24;
        t.decoder_layers = 0;
        t.hidden = 896;
        t.heads = 14;
        t.kv_heads = 2;
        t.head_dim = 64;
        t.ffn_hidden = 4864;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 151936;
        t.max_seq = 32768;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = true;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.qkv_bias = true;
        t.published_parameters = 490000000.0;
        t.sources = {
            {"S1", "Hugging Face Qwen/Qwen2.5-Coder-0.5B model card (the Instruct card states the same): transformers with RoPE, SwiGLU, RMSNorm, Attention QKV bias and tied word embeddings; Number of Parameters 0.49B, Non-Embedding 0.36B; 24 layers; 14 attention heads for Q and 2 for KV; context length 32,768 tokens"},
            {"S2", "Hugging Face Qwen/Qwen2.5-Coder-0.5B config.json (Qwen2.5-Coder-0.5B-Instruct: the same shape): model_type qwen2, hidden_size 896, intermediate_size 4864, num_hidden_layers 24, num_attention_heads 14, num_key_value_heads 2, vocab_size 151936, max_position_embeddings 32768, rope_theta 1000000.0, use_sliding_window false, hidden_act silu, tie_word_embeddings true"},
            {"S3", "Hugging Face transformers models/qwen2/modeling_qwen2.py: q_proj, k_proj, v_proj with bias=True, o_proj and gate/up/down projections with bias=False, Qwen2RMSNorm (weight only), lm_head tied to embed_tokens when tie_word_embeddings is set"}};
        t.origin = "built-in (models/workloads/qwen2.5-coder-0.5b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/qwen3-235b-a22b.toml
        transformer_config t;
        t.name = "qwen3-235b-a22b";
        t.aliases = {"Qwen/Qwen3-235B-A22B", "qwen3-235b-a22b-fp8", "Qwen/Qwen3-235B-A22B-FP8"};
        t.description = "Qwen3-235B-A22B: 94-layer MoE decoder, d_model 4096, 64 heads of 128 (4 KV heads), QK-norm, 128 SwiGLU experts of 1536, top-8, no shared expert, RMSNorm, RoPE, vocab 151936, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 94;
        t.decoder_layers = 0;
        t.hidden = 4096;
        t.heads = 64;
        t.kv_heads = 4;
        t.head_dim = 128;
        t.ffn_hidden = 1536;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 151936;
        t.max_seq = 40960;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 128;
        t.top_k = 8;
        t.moe_every = 1;
        t.moe_ffn_hidden = 1536;
        t.published_parameters = 235000000000.0;
        t.sources = {
            {"S1", "Qwen Team, 'Qwen3 Technical Report' (arXiv:2505.09388), Section 2 (MoE models share the dense architecture, with 128 experts, 8 activated per token, fine-grained expert segmentation and no shared experts) and Table 2 (Qwen3-235B-A22B: 94 layers, 64 / 4 query / KV heads, 128 / 8 total / activated experts, 128K context)"},
            {"S2", "Hugging Face Qwen/Qwen3-235B-A22B config.json: model_type qwen3_moe, hidden_size 4096, intermediate_size 12288, moe_intermediate_size 1536, num_hidden_layers 94, num_attention_heads 64, num_key_value_heads 4, head_dim 128, num_experts 128, num_experts_per_tok 8, decoder_sparse_step 1, mlp_only_layers [], vocab_size 151936, max_position_embeddings 40960, rope_theta 1000000, attention_bias false, hidden_act silu, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/qwen3_moe/modeling_qwen3_moe.py: q/k/v/o projections with bias=False, q_norm and k_norm (Qwen3MoeRMSNorm over head_dim), Qwen3MoeSparseMoeBlock with a router gate of hidden_size x num_experts (no bias) and num_experts SwiGLU experts of moe_intermediate_size, no shared expert; Qwen3MoeRMSNorm (weight only); separate lm_head"},
            {"S4", "Hugging Face Qwen/Qwen3-235B-A22B model card: Number of Parameters 235B in total and 22B activated, Non-Embedding 234B, 94 layers, 64 heads for Q and 4 for KV, 128 experts, 8 activated, context length 32,768 natively and 131,072 tokens with YaRN"},
            {"S5", "Hugging Face Qwen/Qwen3-235B-A22B-FP8 model card: the FP8 version of Qwen3-235B-A22B, with the same 235B in total and 22B activated, 94 layers, 64 / 4 heads, 128 experts, 8 activated"}};
        t.origin = "built-in (models/workloads/qwen3-235b-a22b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/qwen3-30b-a3b.toml
        transformer_config t;
        t.name = "qwen3-30b-a3b";
        t.aliases = {"Qwen/Qwen3-30B-A3B"};
        t.description = "Qwen3-30B-A3B: 48-layer MoE decoder, d_model 2048, 32 heads of 128 (4 KV heads), QK-norm, 128 SwiGLU experts of 768, top-8, no shared expert, RMSNorm, RoPE, vocab 151936, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 48;
        t.decoder_layers = 0;
        t.hidden = 2048;
        t.heads = 32;
        t.kv_heads = 4;
        t.head_dim = 128;
        t.ffn_hidden = 768;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 151936;
        t.max_seq = 40960;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 128;
        t.top_k = 8;
        t.moe_every = 1;
        t.moe_ffn_hidden = 768;
        t.published_parameters = 30500000000.0;
        t.sources = {
            {"S1", "Qwen Team, 'Qwen3 Technical Report' (arXiv:2505.09388), Section 2 (MoE models share the dense architecture, with 128 experts, 8 activated per token, fine-grained expert segmentation and no shared experts) and Table 2 (Qwen3-30B-A3B: 48 layers, 32 / 4 query / KV heads, 128 / 8 total / activated experts, 128K context)"},
            {"S2", "Hugging Face Qwen/Qwen3-30B-A3B config.json: model_type qwen3_moe, hidden_size 2048, intermediate_size 6144, moe_intermediate_size 768, num_hidden_layers 48, num_attention_heads 32, num_key_value_heads 4, head_dim 128, num_experts 128, num_experts_per_tok 8, decoder_sparse_step 1, mlp_only_layers [], vocab_size 151936, max_position_embeddings 40960, rope_theta 1000000, attention_bias false, hidden_act silu, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/qwen3_moe/modeling_qwen3_moe.py: q/k/v/o projections with bias=False, q_norm and k_norm (Qwen3MoeRMSNorm over head_dim), Qwen3MoeSparseMoeBlock with a router gate of hidden_size x num_experts (no bias) and num_experts SwiGLU experts of moe_intermediate_size, no shared expert; Qwen3MoeRMSNorm (weight only); separate lm_head"},
            {"S4", "Hugging Face Qwen/Qwen3-30B-A3B model card: Number of Parameters 30.5B in total and 3.3B activated, Non-Embedding 29.9B, 48 layers, 32 heads for Q and 4 for KV, 128 experts, 8 activated, context length 32,768 natively and 131,072 tokens with YaRN"}};
        t.origin = "built-in (models/workloads/qwen3-30b-a3b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/qwen3-32b.toml
        transformer_config t;
        t.name = "qwen3-32b";
        t.aliases = {"Qwen/Qwen3-32B"};
        t.description = "Qwen3-32B: 64-layer decoder, d_model 5120, 64 heads of 128 (8 KV heads, GQA), QK-norm, SwiGLU 25600, RMSNorm, RoPE, vocab 151936, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 64;
        t.decoder_layers = 0;
        t.hidden = 5120;
        t.heads = 64;
        t.kv_heads = 8;
        t.head_dim = 128;
        t.ffn_hidden = 25600;
        t.ffn = ffn_kind::swiglu;
        t.vocab = 151936;
        t.max_seq = 40960;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 32800000000.0;
        t.sources = {
            {"S1", "Qwen Team, 'Qwen3 Technical Report' (arXiv:2505.09388), Section 2 (dense models as Qwen2.5: GQA, SwiGLU, RoPE, RMSNorm with pre-normalization; QKV bias removed and QK-Norm added) and Table 1 (Qwen3-32B: 64 layers, 64 / 8 query / KV heads, tie embedding no, 128K context)"},
            {"S2", "Hugging Face Qwen/Qwen3-32B config.json: model_type qwen3, hidden_size 5120, intermediate_size 25600, num_hidden_layers 64, num_attention_heads 64, num_key_value_heads 8, head_dim 128, vocab_size 151936, max_position_embeddings 40960, rope_theta 1000000, attention_bias false, use_sliding_window false, hidden_act silu, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/qwen3/modeling_qwen3.py: q/k/v/o and gate/up/down projections with bias=False (attention_bias), q_norm and k_norm (Qwen3RMSNorm over head_dim) on each query and key head, Qwen3RMSNorm (weight only) before attention and MLP, separate lm_head"},
            {"S4", "Hugging Face Qwen/Qwen3-32B model card: Number of Parameters 32.8B, Non-Embedding 31.2B, 64 layers, 64 heads for Q and 8 for KV, context length 32,768 natively and 131,072 tokens with YaRN"}};
        t.origin = "built-in (models/workloads/qwen3-32b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/stablelm-base-alpha-3b.toml
        transformer_config t;
        t.name = "stablelm-base-alpha-3b";
        t.aliases = {"stabilityai/stablelm-base-alpha-3b"};
        t.description = "StableLM-Base-Alpha-3B: 16-layer GPT-NeoX decoder, d_model 4096, 32 heads, GELU FFN 16384, vocab 50688, rotary on 25% of each head, parallel attention/FFN, untied";
        t.kind = transformer_kind::decoder;
        t.layers = 16;
        t.decoder_layers = 0;
        t.hidden = 4096;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 128;
        t.ffn_hidden = 16384;
        t.ffn = ffn_kind::gelu;
        t.vocab = 50688;
        t.max_seq = 4096;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::rope;
        t.tied_embeddings = false;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 3638525952.0;
        t.sources = {
            {"S1", "Stability-AI/StableLM README.md, StableLM-Alpha section: context length 4096 tokens for these models; table row 3B (checkpoints stabilityai/stablelm-base-alpha-3b and stablelm-tuned-alpha-3b): 800B training tokens, 3,638,525,952 parameters"},
            {"S2", "Hugging Face stabilityai/stablelm-base-alpha-3b config.json: architectures GPTNeoXForCausalLM, model_type gpt_neox, hidden_size 4096, intermediate_size 16384, num_hidden_layers 16, num_attention_heads 32, hidden_act gelu, vocab_size 50688, max_position_embeddings 4096, rotary_pct 0.25, rotary_emb_base 10000, use_parallel_residual true, tie_word_embeddings false"},
            {"S3", "Hugging Face transformers models/gpt_neox/modeling_gpt_neox.py: GPTNeoXLayer with input_layernorm and post_attention_layernorm (LayerNorm) and, with use_parallel_residual, attn(ln1(x)) + mlp(ln2(x)) + x; query_key_value and dense with bias; GPTNeoXMLP dense_h_to_4h and dense_4h_to_h with bias; final_layer_norm; embed_out without bias"}};
        t.origin = "built-in (models/workloads/stablelm-base-alpha-3b.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/switch-xl-4e.toml
        transformer_config t;
        t.name = "switch-xl-4e";
        t.aliases = {"switchxl4", "switch-xl-4"};
        t.description = "NeuSight's Switch-Transformer XL, 4 experts: T5-style encoder-decoder, 24+24 blocks, d_model 1024, 32 heads x 128, ReLU FFN 16384, top-1 MoE in every other FFN";
        t.kind = transformer_kind::encoder_decoder;
        t.layers = 24;
        t.decoder_layers = 24;
        t.hidden = 1024;
        t.heads = 32;
        t.kv_heads = 32;
        t.head_dim = 128;
        t.ffn_hidden = 16384;
        t.ffn = ffn_kind::relu;
        t.vocab = 32128;
        t.max_seq = 2048;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::relative;
        t.tied_embeddings = true;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 4;
        t.top_k = 1;
        t.moe_every = 2;
        t.sources = {
            {"S1", "NeuSight ASPLOS artifact (read from the trsharm25/NeuSight copy) scripts/asplos/data/DLmodel_configs/switchxl4.json: SwitchTransformersForConditionalGeneration, d_model 1024, d_ff 16384, d_kv 128, num_heads 32, num_layers 24, num_decoder_layers 24, num_experts 4, encoder_sparse_step 2, decoder_sparse_step 2, num_sparse_encoder_layers 12, num_sparse_decoder_layers 12, dense_act_fn relu, vocab_size 32128, relative_attention_num_buckets 32, router_bias false"},
            {"S2", "Hugging Face transformers models/switch_transformers/modeling_switch_transformers.py: shared token embedding for encoder and decoder with lm_head in _tied_weights_keys; SwitchTransformersLayerNorm (scale only); DenseActDense wi/wo bias=False; top-1 router (classifier of num_experts outputs); a block is sparse when its index mod sparse_step is 1"},
            {"S3", "Fedus, Zoph, Shazeer, 'Switch Transformers: Scaling to Trillion Parameter Models with Simple and Efficient Sparsity' (arXiv:2101.03961): top-1 (switch) routing, experts in every other FFN layer, T5 encoder-decoder base"}};
        t.origin = "built-in (models/workloads/switch-xl-4e.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/t5-base.toml
        transformer_config t;
        t.name = "t5-base";
        t.aliases = {"google-t5/t5-base"};
        t.description = "T5-Base: encoder-decoder, 12+12 blocks, d_model 768, 12 heads x 64, ReLU FFN 3072, RMS-style norms, relative positions, vocab 32128, tied";
        t.kind = transformer_kind::encoder_decoder;
        t.layers = 12;
        t.decoder_layers = 12;
        t.hidden = 768;
        t.heads = 12;
        t.kv_heads = 12;
        t.head_dim = 64;
        t.ffn_hidden = 3072;
        t.ffn = ffn_kind::relu;
        t.vocab = 32128;
        t.max_seq = 512;
        t.norm = norm_type::rms_norm;
        t.position = position_kind::relative;
        t.tied_embeddings = true;
        t.linear_bias = false;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 222903552.0;
        t.sources = {
            {"S1", "Raffel et al., 'Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer' (arXiv:1910.10683), Section 2.1 (simplified layer normalization without additive bias, relative position embeddings) and Section 3.1.1 (baseline: encoder and decoder of 12 blocks each, d_model 768, 12 heads with d_kv 64, d_ff 3072 with ReLU, which gives 'about 220 million parameters')"},
            {"S2", "Hugging Face google-t5/t5-base config.json: d_model 768, d_ff 3072, d_kv 64, num_heads 12, num_layers 12, vocab_size 32128, n_positions 512, relative_attention_num_buckets 32, is_encoder_decoder true"},
            {"S3", "Hugging Face transformers models/t5/modeling_t5.py: shared token embedding for encoder and decoder with lm_head in _tied_weights_keys; T5LayerNorm (scale only); q/k/v/o and wi/wo with bias=False; relative_attention_bias in the first block of each stack"},
            {"S4", "Parameter count of the released google-t5/t5-base weights (T5ForConditionalGeneration, output layer tied): 222,903,552 (Hugging Face shows 223M params)"}};
        t.origin = "built-in (models/workloads/t5-base.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/vit-base-16.toml
        transformer_config t;
        t.name = "vit-base-16";
        t.aliases = {"vit-base-patch16-224", "google/vit-base-patch16-224", "ViT-B/16", "vit-b-16"};
        t.description = "ViT-B/16 at 224x224: 12-layer encoder, hidden 768, 12 heads, GELU MLP 3072, 196 patches + [CLS], patch embedding as a 768-input vocab, pooler";
        t.kind = transformer_kind::encoder;
        t.layers = 12;
        t.decoder_layers = 0;
        t.hidden = 768;
        t.heads = 12;
        t.kv_heads = 12;
        t.head_dim = 64;
        t.ffn_hidden = 3072;
        t.ffn = ffn_kind::gelu;
        t.vocab = 768;
        t.max_seq = 197;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = true;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 86000000.0;
        t.sources = {
            {"S1", "Dosovitskiy et al., 'An Image is Worth 16x16 Words: Transformers for Image Recognition at Scale' (arXiv:2010.11929), Section 3.1 (patch embedding, [CLS] token, learnable 1D position embeddings, LayerNorm before every block, MLP with GELU) and Table 1 (ViT-Base: 12 layers, hidden size D 768, MLP size 3072, 12 heads, 86M params; ViT-Large: 24, 1024, 4096, 16, 307M)"},
            {"S2", "Hugging Face google/vit-base-patch16-224 config.json: hidden_size 768, num_hidden_layers 12, num_attention_heads 12, intermediate_size 3072, hidden_act gelu, image_size 224, patch_size 16, num_channels 3, qkv_bias true"},
            {"S3", "Hugging Face transformers models/vit/modeling_vit.py: ViTPatchEmbeddings (Conv2d num_channels -> hidden_size, kernel and stride patch_size), cls_token and position_embeddings of patches + 1 rows, pre-norm ViTLayer with LayerNorms (weight and bias), nn.Linear layers with bias, final layernorm, ViTPooler"},
            {"S4", "roofcast docs/workload-format.md, 'Hugging Face config.json', model_type vit: encoder with pooler, the patch embedding a vocab of channels x patch^2 inputs, max_seq the patches plus [CLS] (197 for 224/16)"}};
        t.origin = "built-in (models/workloads/vit-base-16.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/vit-large-16.toml
        transformer_config t;
        t.name = "vit-large-16";
        t.aliases = {"vit-large-patch16-224", "google/vit-large-patch16-224", "ViT-L/16", "vit-l-16"};
        t.description = "ViT-L/16 at 224x224: 24-layer encoder, hidden 1024, 16 heads, GELU MLP 4096, 196 patches + [CLS], patch embedding as a 768-input vocab, pooler";
        t.kind = transformer_kind::encoder;
        t.layers = 24;
        t.decoder_layers = 0;
        t.hidden = 1024;
        t.heads = 16;
        t.kv_heads = 16;
        t.head_dim = 64;
        t.ffn_hidden = 4096;
        t.ffn = ffn_kind::gelu;
        t.vocab = 768;
        t.max_seq = 197;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = true;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.published_parameters = 307000000.0;
        t.sources = {
            {"S1", "Dosovitskiy et al., 'An Image is Worth 16x16 Words: Transformers for Image Recognition at Scale' (arXiv:2010.11929), Section 3.1 (patch embedding, [CLS] token, learnable 1D position embeddings, LayerNorm before every block, MLP with GELU) and Table 1 (ViT-Base: 12 layers, hidden size D 768, MLP size 3072, 12 heads, 86M params; ViT-Large: 24, 1024, 4096, 16, 307M)"},
            {"S2", "Hugging Face google/vit-large-patch16-224 config.json: hidden_size 1024, num_hidden_layers 24, num_attention_heads 16, intermediate_size 4096, hidden_act gelu, image_size 224, patch_size 16, num_channels 3, qkv_bias true"},
            {"S3", "Hugging Face transformers models/vit/modeling_vit.py: ViTPatchEmbeddings (Conv2d num_channels -> hidden_size, kernel and stride patch_size), cls_token and position_embeddings of patches + 1 rows, pre-norm ViTLayer with LayerNorms (weight and bias), nn.Linear layers with bias, final layernorm, ViTPooler"},
            {"S4", "roofcast docs/workload-format.md, 'Hugging Face config.json', model_type vit: encoder with pooler, the patch embedding a vocab of channels x patch^2 inputs, max_seq the patches plus [CLS] (197 for 224/16)"}};
        t.origin = "built-in (models/workloads/vit-large-16.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/whisper-base.toml
        transformer_config t;
        t.name = "whisper-base";
        t.aliases = {"openai/whisper-base"};
        t.description = "Whisper base: speech encoder-decoder, 6+6 blocks, width 512, 8 heads, GELU MLP 2048, 80 mel bins into a 1500-position encoder, 448-token decoder, vocab 51865, tied";
        t.kind = transformer_kind::encoder_decoder;
        t.layers = 6;
        t.decoder_layers = 6;
        t.hidden = 512;
        t.heads = 8;
        t.kv_heads = 8;
        t.head_dim = 64;
        t.ffn_hidden = 2048;
        t.ffn = ffn_kind::gelu;
        t.vocab = 51865;
        t.max_seq = 448;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.encoder_positions = 1500;
        t.mel_bins = 80;
        t.published_parameters = 74000000.0;
        t.sources = {
            {"S1", "Radford et al., 'Robust Speech Recognition via Large-Scale Weak Supervision' (arXiv:2212.04356), Section 2.2 (80-channel log-mel spectrogram of 30-second chunks with a 10 ms stride; a stem of two convolution layers of filter width 3 with GELU, the second of stride two; sinusoidal position embeddings in the encoder; pre-activation residual blocks with a final layer norm; decoder with learned position embeddings and tied input-output token representations; encoder and decoder of the same width and number of blocks) and Table 1 (base: 6 layers, width 512, 8 heads, 74M parameters)"},
            {"S2", "Hugging Face openai/whisper-base config.json: d_model 512, encoder_layers 6, decoder_layers 6, encoder_attention_heads 8, decoder_attention_heads 8, encoder_ffn_dim 2048, decoder_ffn_dim 2048, activation_function gelu, num_mel_bins 80, max_source_positions 1500, max_target_positions 448, vocab_size 51865, is_encoder_decoder true"},
            {"S3", "Hugging Face transformers models/whisper/modeling_whisper.py: WhisperEncoder conv1 (num_mel_bins -> d_model, kernel 3, padding 1) and conv2 (d_model -> d_model, kernel 3, stride 2, padding 1) with GELU, embed_positions of max_source_positions rows; WhisperAttention k_proj without bias, q/v/out_proj with bias; pre-norm layers with LayerNorm; decoder embed_positions of max_target_positions rows; proj_out tied to embed_tokens"}};
        t.origin = "built-in (models/workloads/whisper-base.toml)";
        v.push_back(std::move(t));
    }
    {  // models/workloads/whisper-large-v3.toml
        transformer_config t;
        t.name = "whisper-large-v3";
        t.aliases = {"openai/whisper-large-v3"};
        t.description = "Whisper large-v3: speech encoder-decoder, 32+32 blocks, width 1280, 20 heads, GELU MLP 5120, 128 mel bins into a 1500-position encoder, 448-token decoder, vocab 51866, tied";
        t.kind = transformer_kind::encoder_decoder;
        t.layers = 32;
        t.decoder_layers = 32;
        t.hidden = 1280;
        t.heads = 20;
        t.kv_heads = 20;
        t.head_dim = 64;
        t.ffn_hidden = 5120;
        t.ffn = ffn_kind::gelu;
        t.vocab = 51866;
        t.max_seq = 448;
        t.norm = norm_type::layer_norm;
        t.position = position_kind::learned;
        t.tied_embeddings = true;
        t.linear_bias = true;
        t.type_vocab = 0;
        t.pooler = false;
        t.experts = 1;
        t.top_k = 1;
        t.moe_every = 1;
        t.encoder_positions = 1500;
        t.mel_bins = 128;
        t.published_parameters = 1543490560.0;
        t.sources = {
            {"S1", "Radford et al., 'Robust Speech Recognition via Large-Scale Weak Supervision' (arXiv:2212.04356), Section 2.2 (80-channel log-mel spectrogram of 30-second chunks with a 10 ms stride; a stem of two convolution layers of filter width 3 with GELU, the second of stride two; sinusoidal position embeddings in the encoder; pre-activation residual blocks with a final layer norm; decoder with learned position embeddings and tied input-output token representations; encoder and decoder of the same width and number of blocks) and Table 1 (large: 32 layers, width 1280, 20 heads, 1550M parameters)"},
            {"S2", "Hugging Face openai/whisper-large-v3 config.json: d_model 1280, encoder_layers 32, decoder_layers 32, encoder_attention_heads 20, decoder_attention_heads 20, encoder_ffn_dim 5120, decoder_ffn_dim 5120, activation_function gelu, num_mel_bins 128, max_source_positions 1500, max_target_positions 448, vocab_size 51866, is_encoder_decoder true"},
            {"S3", "Hugging Face transformers models/whisper/modeling_whisper.py: WhisperEncoder conv1 (num_mel_bins -> d_model, kernel 3, padding 1) and conv2 (d_model -> d_model, kernel 3, stride 2, padding 1) with GELU, embed_positions of max_source_positions rows; WhisperAttention k_proj without bias, q/v/out_proj with bias; pre-norm layers with LayerNorm; decoder embed_positions of max_target_positions rows; proj_out tied to embed_tokens"},
            {"S4", "Hugging Face openai/whisper-large-v3 model page: 1,543,490,560 parameters (the released safetensors weights)"}};
        t.origin = "built-in (models/workloads/whisper-large-v3.toml)";
        v.push_back(std::move(t));
    }
    return v;
}

}  // namespace detail
}  // namespace roofcast

#endif
