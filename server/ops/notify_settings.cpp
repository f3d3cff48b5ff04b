#include "server/ops/notify_settings.hpp"

#include <filesystem>
#include <fstream>

#include "server/ops/config_reading.hpp"

namespace tortuga {

using config_reading::config_error;
using config_reading::read;
using config_reading::read_in_range;

Refusal read_notify_settings(const nlohmann::json& j, NotifySettings& s, const std::string& where) {
  read(j, "smtp_url", s.smtp_url);
  read(j, "smtp_from", s.smtp_from);
  read(j, "smtp_username", s.smtp_username);
  read(j, "smtp_password", s.smtp_password);
  if (j.contains("smtp_password_file")) {
    const std::string path = j["smtp_password_file"].get<std::string>();
    std::ifstream in(path);
    if (!in) return config_error(where + ".smtp_password_file: cannot read " + path);
    std::getline(in, s.smtp_password);
    if (!s.smtp_password.empty() && s.smtp_password.back() == '\r') s.smtp_password.pop_back();
  }
  read(j, "smtp_tls", s.smtp_tls);
  if (s.smtp_tls != "required" && s.smtp_tls != "try" && s.smtp_tls != "none")
    return config_error(where + ".smtp_tls must be \"required\", \"try\" or \"none\"");
  if (!s.smtp_url.empty() && s.smtp_url.rfind("smtp://", 0) != 0 &&
      s.smtp_url.rfind("smtps://", 0) != 0)
    return config_error(where + ".smtp_url must begin with smtp:// or smtps://");
  read(j, "public_url", s.public_url);
  while (!s.public_url.empty() && s.public_url.back() == '/') s.public_url.pop_back();
  read(j, "allow_private_webhooks", s.allow_private_webhooks);
  if (auto bad = read_in_range(j, "threads", s.threads, 1, 16, where)) return bad;
  if (auto bad = read_in_range(j, "max_tries", s.max_tries, 1, 100, where)) return bad;
  if (auto bad = read_in_range(j, "retry_first_s", s.retry_first_s, 1, 86400, where)) return bad;
  if (auto bad = read_in_range(j, "retry_max_s", s.retry_max_s, s.retry_first_s, 604800, where))
    return bad;
  if (auto bad = read_in_range(j, "timeout_s", s.timeout_s, 1, 300, where)) return bad;
  if (auto bad = read_in_range(j, "lease_s", s.lease_s, s.timeout_s + 1, 86400, where)) return bad;
  if (auto bad = read_in_range(j, "poll_ms", s.poll_ms, 10, 600000, where)) return bad;
  if (auto bad = read_in_range(j, "digest_gather_s", s.digest_gather_s, 0, 86400, where))
    return bad;
  if (auto bad = read_in_range(j, "verify_link_hours", s.verify_link_hours, 1, 720, where))
    return bad;
  if (auto bad = read_in_range(j, "unsubscribe_link_days", s.unsubscribe_link_days, 1, 3650, where))
    return bad;
  if (auto bad = read_in_range(j, "changes_per_hour", s.changes_per_hour, 1, 1000, where))
    return bad;
  if (auto bad = read_in_range(j, "keep_sent_days", s.keep_sent_days, 0, 3650, where)) return bad;
  return std::nullopt;
}

}  // namespace tortuga
