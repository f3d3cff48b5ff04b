#include "server/notify/mail_text.hpp"

#include <sodium.h>

#include <ctime>

namespace tortuga::notify {

namespace {

bool ascii(std::string_view text) {
  for (unsigned char c : text)
    if (c >= 0x80 || c < 0x20) return false;
  return true;
}

// RFC 2047: "=?UTF-8?B?...?=", in words short enough for a header line.
std::string encoded_words(std::string_view text) {
  std::string out;
  constexpr std::size_t kChunk = 45;  // bytes per word: 60 base64 characters
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t n = std::min(kChunk, text.size() - at);
    // Never split a UTF-8 character between two words.
    while (at + n < text.size() && (static_cast<unsigned char>(text[at + n]) & 0xC0) == 0x80) --n;
    std::string b64(sodium_base64_ENCODED_LEN(n, sodium_base64_VARIANT_ORIGINAL), '\0');
    sodium_bin2base64(b64.data(), b64.size(), reinterpret_cast<const unsigned char*>(&text[at]), n,
                      sodium_base64_VARIANT_ORIGINAL);
    b64.resize(b64.find('\0'));
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + b64 + "?=";
    at += n;
  }
  return out;
}

// The body's lines ended by CRLF, none bare.
std::string crlf(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 40);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r') continue;
    if (text[i] == '\n')
      out += "\r\n";
    else
      out += text[i];
  }
  if (out.size() < 2 || out.compare(out.size() - 2, 2, "\r\n") != 0) out += "\r\n";
  return out;
}

}  // namespace

std::string utc_text(std::int64_t ms, const char* format) {
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char out[64];
  return std::string(out, std::strftime(out, sizeof out, format, &tm));
}

std::string bare_address(std::string_view from) {
  const auto open = from.rfind('<');
  const auto close = from.rfind('>');
  if (open != std::string_view::npos && close != std::string_view::npos && open < close)
    return std::string(from.substr(open + 1, close - open - 1));
  return std::string(from);
}

std::string mail_text(const MailParts& m) {
  std::string out;
  out += "Date: " + utc_text(m.date_ms, "%a, %d %b %Y %H:%M:%S +0000") + "\r\n";
  out += "From: " + m.from + "\r\n";
  out += "To: " + m.to + "\r\n";
  out += "Subject: " + (ascii(m.subject) ? m.subject : encoded_words(m.subject)) + "\r\n";
  out += "Message-ID: " + m.message_id + "\r\n";
  out += "MIME-Version: 1.0\r\n";
  out += "Content-Type: text/plain; charset=UTF-8\r\n";
  out += "Content-Transfer-Encoding: 8bit\r\n";
  out += "Auto-Submitted: auto-generated\r\n";
  out += m.headers;
  out += "\r\n";
  out += crlf(m.body);
  return out;
}

}  // namespace tortuga::notify
