"""problem_attention_cost in plain Python (judged as NumPy): the counts of one attention block."""


def attention_cost(batch, length, d_model, num_heads, bias):
    if batch < 1 or length < 1 or d_model < 1 or num_heads < 1:
        raise ValueError("every size must be at least 1")
    if d_model % num_heads != 0:
        raise ValueError("num_heads must divide d_model")
    tokens = batch * length
    params = 4 * d_model * d_model
    projection_flops = 4 * 2 * tokens * d_model * d_model
    if bias:
        params += 4 * d_model
        projection_flops += 4 * tokens * d_model
    attention_flops = 2 * 2 * batch * length * length * d_model
    activations = 5 * tokens * d_model + batch * num_heads * length * length
    return params, projection_flops, attention_flops, activations
