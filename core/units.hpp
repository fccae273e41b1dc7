#pragma once

// The only place that knows 1e9 from 2^30. Results are SI (bytes, seconds); GiB appear only
// where a source states a binary quantity.
namespace llm_sizer::units {

inline constexpr double KiB = 1024.0;
inline constexpr double MiB = 1024.0 * KiB;
inline constexpr double GiB = 1024.0 * MiB;
inline constexpr double GB = 1e9;
inline constexpr double TB = 1e12;

inline constexpr double kSecondsPerHour = 3600.0;
inline constexpr double kSecondsPerDay = 86400.0;

}  // namespace llm_sizer::units
