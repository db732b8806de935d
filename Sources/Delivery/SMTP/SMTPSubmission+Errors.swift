internal import Basics
internal import CCurl
internal import Foundation

extension SMTPSubmission.Ending {
  /// What went wrong, in words that say what to fix, or nil when the server accepted the message. A 4xx reply and
  /// a network that failed are for now; a 5xx reply, a refused login and TLS trouble last until something changes.
  func error(for server: SMTPServer) -> DeliveryError? {
    guard code != CURLE_OK else { return nil }
    let said = replyLine.map { " (\($0))" } ?? (reply > 0 ? " (\(reply))" : "")
    if (400..<500).contains(reply) {
      return .temporary("the mail server \(server.name) turned the message away for now\(said)")
    }
    if code == CURLE_LOGIN_DENIED {
      let user = server.user.map { " for \($0)" } ?? ""
      return .permanent(
        "the mail server \(server.name) refused the login\(user)\(said): check email.smtp.user and the password "
          + "(Gmail, iCloud, Outlook and Fastmail want an app password, not the account's)")
    }
    if reply >= 500 {
      return .permanent(
        "the mail server \(server.name) refused the message\(said): check email.from and email.to, and that the "
          + "server lets this user send from that address")
    }
    return tlsError(server) ?? networkError(server)
  }

  private func tlsError(_ server: SMTPServer) -> DeliveryError? {
    switch code {
    case CURLE_USE_SSL_FAILED:
      .permanent(
        "the mail server \(server.name) offers no STARTTLS, and deepcut sends neither mail nor a password in the "
          + "clear: use smtps://\(server.host):465 if it has it, or set email.smtp.allowInsecure for a relay on this "
          + "machine")
    case CURLE_PEER_FAILED_VERIFICATION:
      .untrusted(
        "the certificate of \(server.host) is not trusted (\(detail)): if the server is your own, set "
          + "email.smtp.caFile to the certificate that signed it")
    case CURLE_SSL_CACERT_BADFILE:
      .permanent("cannot read email.smtp.caFile \(server.caFile ?? ""): give a PEM file of certificates")
    case CURLE_SSL_CONNECT_ERROR:
      .permanent(
        "no TLS with \(server.name) (\(detail)): smtps:// is for port 465, smtp:// with STARTTLS for 587; check "
          + "email.smtp.url")
    case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
      .permanent("email.smtp.url '\(server.name)' is not a mail server address like smtps://smtp.example.com:465")
    default:
      nil
    }
  }

  private func networkError(_ server: SMTPServer) -> DeliveryError {
    switch code {
    case CURLE_COULDNT_RESOLVE_HOST:
      .temporary("cannot find the mail server \(server.host) (no such name, or no network); check email.smtp.url")
    case CURLE_COULDNT_CONNECT:
      .temporary(
        "cannot reach the mail server \(server.name)"
          + (osErrno != 0 ? " (\(SystemError(code: osErrno)))" : "") + "")
    case CURLE_OPERATION_TIMEDOUT:
      .temporary(
        "the mail server \(server.name) did not finish within \(Int(server.timeout.inSeconds)) seconds")
    default:
      .temporary("the connection to the mail server \(server.name) failed (\(detail))")
    }
  }
}
