internal import Basics
internal import CZlib
internal import Foundation

/// The bytes of a library export: a path or `-` for standard input, plain or gzip-compressed.
///
/// zlib's reader passes uncompressed files through unchanged, so one code path serves both.
final class LibraryInput {
  let path: String
  /// The file's size, when it is a plain file (not standard input, not compressed).
  private(set) var plainFileSize: Int?
  /// When the file last changed; standard input has no such time, even when the shell redirected a file to it.
  private(set) var modified: Date?
  private let file: gzFile

  init(path: String) throws(LibraryError) {
    self.path = path
    let opened: Platform.OpenedFile
    do {
      opened = try path == "-" ? Platform.duplicateStandardInput() : Platform.openForReading(path)
    } catch {
      throw .unreadable(path: path, reason: Self.explain(error))
    }
    if opened.isDirectory {
      Platform.close(opened.descriptor)
      throw .unreadable(path: path, reason: "is a directory; pass the Library.xml file inside it")
    }
    if !path.hasSuffix(".gz") { plainFileSize = opened.regularFileSize }
    if path != "-" { modified = opened.modified }
    guard let file = gzdopen(opened.descriptor, "rb") else {
      Platform.close(opened.descriptor)
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
      if code == Z_ERRNO { throw .unreadable(path: path, reason: Self.explain(.last)) }
      throw .malformed(path: path, line: 1, reason: "the compressed data is damaged (\(message))")
    }
    return Int(count)
  }

  static func explain(_ error: SystemError) -> String {
    switch error {
    case .noSuchFile:
      "no such file; export your library from Music (File › Library › Export Library…) and pass its path"
    case .permissionDenied, .notPermitted:
      "permission denied; check the file's permissions"
    case .isDirectory:
      "is a directory; pass the Library.xml file inside it"
    default:
      "cannot be read: " + error.description
    }
  }
}
