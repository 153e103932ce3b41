// judge/report/png.hpp: a picture as a PNG heatmap (libpng), for the platforms that show images
// (PrairieLearn's images[], Gradescope's html output) and beside saved counterexamples.
#pragma once

#include <string>

#include "report/pictures.hpp"

namespace judge {

/// The picture as PNG bytes: the expected, yours and difference grids, one row of panels each
/// (attention weights: a panel per head), on the same colour scales as the page; a masked key
/// has an orange corner. No text: a platform's label or alt text names it (picture_label).
/// Deterministic: the same picture gives the same bytes.
std::string picture_png(const Picture& pic);

/// "test masking_sample: weights at example 0 (rows: expected, yours, difference; a panel per
/// head; scale 0 to 1)": what a PNG shows, for a label or alt text.
std::string picture_label(const Picture& pic);

/// "data:image/png;base64,...".
std::string png_data_url(const std::string& png);

}  // namespace judge
