"""Text generation over a stateful LLM folder, as openvino-genai's LLMPipeline does it: the
generation config (``config``), the logit processing and multinomial draw of genai's sampler
(``sampling``), its group beam search (``beam_search``) and the step loop with its stop conditions
(``decoding``), all reproducing genai 2026.4's choices token for token from the model's logits."""
