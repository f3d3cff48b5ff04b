// A mail as it goes over SMTP (RFC 5322): headers, then the body, lines ended by CRLF, UTF-8 text
// sent as 8bit and a subject that is not ASCII in RFC 2047's encoded words, so that any mail
// server and client reads the Italian catalog's accents.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tortuga::notify {

struct MailParts {
  std::string from;        // "Tortuga <play@example.org>", or a bare address
  std::string to;          // a bare address
  std::string subject;     // UTF-8
  std::string body;        // UTF-8, lines ended by \n or \r\n
  std::string headers;     // further header lines, each ended by \r\n (List-Unsubscribe...)
  std::string message_id;  // unique: "<...@host>"
  std::int64_t date_ms = 0;
};

std::string mail_text(const MailParts& mail);

// A time (ms since 1970) written by strftime's `format`, in UTC (64 bytes at most).
std::string utc_text(std::int64_t ms, const char* format);

// The address inside "Name <address>", or the text itself.
std::string bare_address(std::string_view from);

}  // namespace tortuga::notify
