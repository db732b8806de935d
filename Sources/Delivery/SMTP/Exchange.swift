internal import CCurl
internal import Foundation

/// The bytes going out and the reply lines coming back during one submission. Touched only by the thread running
/// the transfer, through the callbacks below.
final class Exchange {
  private let message: Data
  private var offset = 0
  /// The server's last reply that refused something (4xx or 5xx), for messages: the polite "221 Bye" to the QUIT
  /// after it is not what went wrong. AUTH's challenges (334) are never kept.
  private(set) var lastReply: String?
  /// The server's reply to the end of the message data ("250 2.0.0 Ok: queued as 4F2A"): the first whole reply
  /// once every byte has gone, so neither the "354" before nor the "221 Bye" after it.
  private(set) var dataReply: String?
  private var sentAll = false

  init(message: Data) {
    self.message = message
  }

  /// Sets the read and header callbacks of `handle` to this exchange, which must outlive the transfer.
  func attach(to handle: UnsafeMutableRawPointer) -> CURLcode {
    // Safety: the callbacks receive this unretained pointer, and the caller keeps the exchange alive until
    // curl_easy_perform has returned.
    let context = Unmanaged.passUnretained(self).toOpaque()
    for option in [CURLOPT_READDATA, CURLOPT_HEADERDATA] {
      let code = deepcut_curl_set_pointer(handle, option, context)
      guard code == CURLE_OK else { return code }
    }
    var code = deepcut_curl_set_large(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(message.count))
    guard code == CURLE_OK else { return code }
    code = deepcut_curl_set_read_callback(handle) { buffer, size, count, context in
      // Safety: curl hands a writable buffer of `size * count` bytes and the READDATA pointer set above.
      guard let buffer, let context else { return 0 }
      let exchange = Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue()
      return exchange.fill(UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
    }
    guard code == CURLE_OK else { return code }
    return deepcut_curl_set_header_callback(handle) { bytes, size, count, context in
      // Safety: one reply line of `size * count` readable bytes, valid during this call (hence copied).
      guard let context else { return 0 }
      let exchange = Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue()
      exchange.receive(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : size * count))
      return size * count
    }
  }

  /// Copies the next part of the message into `buffer`; 0 when all of it has gone.
  private func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
    let length = min(buffer.count, message.count - offset)
    guard length > 0 else { return 0 }
    message.copyBytes(to: buffer, from: offset..<(offset + length))
    offset += length
    // Not at the read that returns 0: knowing the size, curl may end the data without asking for it.
    sentAll = offset == message.count
    return length
  }

  /// Keeps a refusal such as "550 5.1.1 no such user", and the reply to the message data, made printable and short.
  private func receive(_ bytes: UnsafeRawBufferPointer) {
    let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let first = line.first, line.prefix(3).allSatisfy(\.isNumber) else { return }
    let printable = String(
      line.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.prefix(200).map(Character.init))
    // "250-..." continues a reply; the line that ends it has a space (or nothing) after the code.
    if sentAll, dataReply == nil, line.dropFirst(3).first != "-" { dataReply = printable }
    if first == "4" || first == "5" { lastReply = printable }
  }
}
