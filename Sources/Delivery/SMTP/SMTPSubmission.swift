internal import Basics
internal import CCurl
internal import Foundation

/// One SMTP submission through libcurl: connect, TLS, EHLO, AUTH (PLAIN or LOGIN, whichever the server offers),
/// MAIL FROM, RCPT TO for every recipient, DATA. libcurl does the dot-stuffing and the final ".".
enum SMTPSubmission {
  /// Submits `mail` to `server` on a thread of its own (libcurl's easy interface blocks), so no thread of the
  /// shared pool waits on the network. Returns what the server said on accepting it.
  static func submit(_ mail: OutgoingMail, to server: SMTPServer) async throws(DeliveryError) -> String {
    let ending = await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: perform(mail, server)) }.start()
    }
    if let error = ending.error(for: server) { throw error }
    return ending.acceptedLine ?? String(ending.reply)
  }

  /// How a submission ended, read off the handle.
  struct Ending: Sendable {
    var code: CURLcode
    /// The last reply code the server sent (0 when none came).
    var reply: Int
    /// The server's last reply line that refused something, for messages.
    var replyLine: String?
    /// The server's reply to the message data, for the receipt.
    var acceptedLine: String?
    /// libcurl's own words for what went wrong.
    var detail: String
    var osErrno: Int32
  }

  static func perform(_ mail: OutgoingMail, _ server: SMTPServer) -> Ending {
    guard curlReady == CURLE_OK, let handle = curl_easy_init() else {
      return Ending(
        code: CURLE_FAILED_INIT, reply: 0, replyLine: nil, acceptedLine: nil, detail: "libcurl could not start",
        osErrno: 0)
    }
    // Safety: `handle` came from curl_easy_init above and is cleaned up once, here, after its last use.
    defer { curl_easy_cleanup(handle) }
    let exchange = Exchange(message: mail.message)
    var recipients: UnsafeMutablePointer<curl_slist>?
    for recipient in mail.recipients {
      // Safety: curl_slist_append copies the string; the list is freed below, after the transfer that reads it.
      recipients = "<\(recipient)>".withCString { curl_slist_append(recipients, $0) }
    }
    defer { curl_slist_free_all(recipients) }
    var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    let code = errorBuffer.withUnsafeMutableBufferPointer { buffer in
      // Safety: curl writes at most CURL_ERROR_SIZE bytes into the buffer, which outlives the transfer.
      var code = deepcut_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
      if code == CURLE_OK { code = configure(handle, mail, server, recipients) }
      if code == CURLE_OK { code = exchange.attach(to: handle) }
      // Safety: every pointer the transfer reads (the recipients, the exchange, the buffer) lives until it returns.
      if code == CURLE_OK { code = withExtendedLifetime(exchange) { curl_easy_perform(handle) } }
      return code
    }
    var reply = 0
    var osErrno = 0
    // Safety: both infos are `long`s, written through the pointers to the locals before the calls return.
    _ = deepcut_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &reply)
    _ = deepcut_curl_get_long(handle, CURLINFO_OS_ERRNO, &osErrno)
    let written = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let detail = written.isEmpty ? String(cString: curl_easy_strerror(code)) : written
    return Ending(
      code: code, reply: reply, replyLine: exchange.lastReply, acceptedLine: exchange.dataReply, detail: detail,
      osErrno: Int32(clamping: osErrno))
  }

  private static func configure(
    _ handle: UnsafeMutableRawPointer, _ mail: OutgoingMail, _ server: SMTPServer,
    _ recipients: UnsafeMutablePointer<curl_slist>?
  ) -> CURLcode {
    let timeout = Int(server.timeout.inSeconds * 1000)
    // smtps:// is TLS from the first byte; smtp:// must upgrade with STARTTLS, or, when allowed, tries to.
    let tls = server.implicitTLS || !server.allowInsecure ? CURLUSESSL_ALL : CURLUSESSL_TRY
    let longs: [(CURLoption, Int)] = [
      (CURLOPT_NOSIGNAL, 1),
      (CURLOPT_UPLOAD, 1),
      (CURLOPT_USE_SSL, Int(tls.rawValue)),
      (CURLOPT_SSL_VERIFYPEER, 1),
      (CURLOPT_SSL_VERIFYHOST, 2),
      (CURLOPT_TIMEOUT_MS, timeout),
      (CURLOPT_CONNECTTIMEOUT_MS, min(timeout, 20_000)),
    ]
    for (option, value) in longs {
      let code = deepcut_curl_set_long(handle, option, value)
      guard code == CURLE_OK else { return code }
    }
    // A name server that never answers must not hold the delivery past its timeout (see the shim).
    let quickExit = deepcut_curl_set_quick_exit(handle)
    guard quickExit == CURLE_OK || quickExit == CURLE_UNKNOWN_OPTION else { return quickExit }
    var strings: [(CURLoption, String)] = [
      (CURLOPT_URL, server.name), (CURLOPT_PROTOCOLS_STR, "smtp,smtps"), (CURLOPT_MAIL_FROM, "<\(mail.sender)>"),
    ]
    if let caFile = server.caFile { strings.append((CURLOPT_CAINFO, caFile)) }
    if let user = server.user, let password = server.password {
      strings += [(CURLOPT_USERNAME, user), (CURLOPT_PASSWORD, password.revealed)]
    }
    for (option, value) in strings {
      // Safety: curl copies string options, so the C string need only live for the duration of the call.
      let code = value.withCString { deepcut_curl_set_string(handle, option, $0) }
      guard code == CURLE_OK else { return code }
    }
    // Safety: the list stays alive until after the transfer (see `perform`).
    return deepcut_curl_set_pointer(handle, CURLOPT_MAIL_RCPT, recipients)
  }

  /// curl_global_init runs once, before the first handle; a global's initializer runs exactly once.
  static let curlReady: CURLcode = deepcut_curl_global_init()
}
