internal import CZlib
internal import Glibc

/// The bytes of a library export: a path or `-` for standard input, plain or gzip-compressed.
///
/// zlib's reader passes uncompressed files through unchanged, so one code path serves both.
final class LibraryInput {
  let path: String
  /// The file's size, when it is a plain file (not standard input, not compressed).
  private(set) var plainFileSize: Int?
  private let file: gzFile

  init(path: String) throws(LibraryError) {
    self.path = path
    let descriptor: Int32
    if path == "-" {
      descriptor = dup(STDIN_FILENO)
    } else {
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { throw .unreadable(path: path, reason: Self.explain(errno: errno)) }

    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      close(descriptor)
      throw .unreadable(path: path, reason: "is a directory; pass the Library.xml file inside it")
    }
    if status.st_mode & S_IFMT == S_IFREG, !path.hasSuffix(".gz") { plainFileSize = Int(status.st_size) }
    guard let file = gzdopen(descriptor, "rb") else {
      close(descriptor)
      throw .unreadable(path: path, reason: "cannot be read: out of memory")
    }
    gzbuffer(file, 256 * 1024)
    self.file = file
  }

  deinit {
    gzclose_r(file)
  }

  /// Fills `buffer` from the start; returns how many bytes were read, 0 at the end.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(LibraryError) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    // Safety: `base` points at `buffer.count` writable bytes owned by the caller for this call.
    let count = gzread(file, base, UInt32(clamping: buffer.count))
    if count < 0 {
      var code: Int32 = 0
      let message = gzerror(file, &code).map { String(cString: $0) } ?? "unknown error"
      if code == Z_ERRNO { throw .unreadable(path: path, reason: Self.explain(errno: errno)) }
      throw .malformed(path: path, line: 1, reason: "the compressed data is damaged (\(message))")
    }
    return Int(count)
  }

  static func explain(errno code: Int32) -> String {
    switch code {
    case ENOENT:
      "no such file; export your library from Music (File › Library › Export Library…) and pass its path"
    case EACCES, EPERM:
      "permission denied; check the file's permissions"
    case EISDIR:
      "is a directory; pass the Library.xml file inside it"
    default:
      "cannot be read: " + String(cString: strerror(code))
    }
  }
}
