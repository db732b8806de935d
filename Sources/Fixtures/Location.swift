/// `file://` URLs the way Music.app writes them: path components with `/` and `:` replaced,
/// then percent-encoded as UTF-8 (letters, digits and a few marks left as they are).
enum Location {
  private static let keep: [Bool] = {
    var table = [Bool](repeating: false, count: 128)
    for byte in Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=@".utf8) {
      table[Int(byte)] = true
    }
    return table
  }()
  private static let hex = Array("0123456789ABCDEF".utf8)

  /// One encoded path component.
  static func component(_ name: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(name.utf8.count + 16)
    for var byte in name.utf8 {
      if byte == 0x2F || byte == 0x3A { byte = 0x5F }  // "/" and ":" become "_"
      if byte < 128 && keep[Int(byte)] {
        out.append(byte)
      } else {
        out.append(0x25)
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 0xF)])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// "07 Name.m4a", or "2-07 Name.m4a" on a multi-disc album.
  static func fileName(disc: Int?, number: Int?, name: String, fileExtension: String) -> String {
    var prefix = ""
    if let disc { prefix += "\(disc)-" }
    if let number { prefix += number < 10 ? "0\(number) " : "\(number) " }
    return component(prefix + name + "." + fileExtension)
  }
}
