/// A growable run of bytes for text the parser keeps between SAX callbacks.
///
/// Millions of callbacks append to and clear this buffer; a `[UInt8]` would check uniqueness and
/// touch reference counts on each of them. Noncopyable, so exactly one owner frees the storage.
struct ByteBuffer: ~Copyable {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int = 4096) {
    self.capacity = max(16, capacity)
    storage = .allocate(capacity: self.capacity)
  }

  deinit {
    storage.deallocate()
  }

  var isEmpty: Bool { count == 0 }

  /// The bytes, valid until the next change to the buffer.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

  mutating func removeAll() { count = 0 }

  mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
    if count + length > capacity {
      var newCapacity = capacity * 2
      while newCapacity < count + length { newCapacity *= 2 }
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
      // Safety: both regions hold at least `count` bytes and do not overlap (one is new).
      grown.update(from: storage, count: count)
      storage.deallocate()
      storage = grown
      capacity = newCapacity
    }
    // Safety: the check above guarantees room for `length` more bytes after `count`.
    (storage + count).update(from: source, count: length)
    count += length
  }

  mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
    guard let base = source.baseAddress else { return }
    append(base, count: source.count)
  }

  /// Compares with a literal without making a String.
  func equals(_ literal: StaticString) -> Bool {
    guard literal.utf8CodeUnitCount == count else { return false }
    // Safety: both pointers are valid for `count` bytes, checked just above.
    return sameBytes(storage, literal.utf8Start, count: count)
  }

  func string() -> String { String(decoding: bytes, as: UTF8.self) }
}

/// Hands out the same String for the same bytes as last time: the tracks of an album sit together in
/// an export and repeat its artist and title, so most tracks need no new String and no hashing.
struct RepeatedText: ~Copyable {
  private var last = ByteBuffer(capacity: 128)
  private var lastString = ""

  mutating func string(for bytes: UnsafeBufferPointer<UInt8>) -> String {
    if bytes.count == last.count, let base = bytes.baseAddress, let previous = last.bytes.baseAddress,
      sameBytes(base, previous, count: bytes.count)
    {
      return lastString
    }
    last.removeAll()
    last.append(bytes)
    lastString = String(decoding: bytes, as: UTF8.self)
    return lastString
  }
}

/// Whether the `count` bytes at `first` are those at `second`, compared in order, so a difference stops the reading
/// there. The reader compares keys and names of a few dozen bytes, where this loop does as well as memcmp, and it
/// needs no C library.
@inline(__always)
func sameBytes(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
  for offset in 0..<count
  where first.load(fromByteOffset: offset, as: UInt8.self) != second.load(fromByteOffset: offset, as: UInt8.self) {
    return false
  }
  return true
}
