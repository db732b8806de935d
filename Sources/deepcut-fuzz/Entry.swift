internal import Foundation
internal import Options

// Built with `swift build --sanitize=fuzzer -Xswiftc -DFUZZING --product deepcut-fuzz`, this is a libFuzzer
// target chosen by DEEPCUT_FUZZ (reader, catalog, template or config); libFuzzer brings its own main.
// Built normally, it replays inputs: `deepcut-fuzz TARGET FILE...` runs each file once, as the regression tests do.

private let target: FuzzTarget? = {
  let name = ProcessInfo.processInfo.environment["DEEPCUT_FUZZ"] ?? ""
  return FuzzTarget(rawValue: name)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard let target else {
    FileHandle.standardError.write(Data("set DEEPCUT_FUZZ to one of reader, catalog, template, config\n".utf8))
    exit(64)
  }
  target.run(Data(bytes: bytes, count: count))
  return 0
}

#if !FUZZING
  @main
  enum Replay {
    static func main() {
      let arguments = CommandLine.arguments.dropFirst()
      guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
        print("usage: deepcut-fuzz reader|catalog|template|config FILE...")
        exit(64)
      }
      for path in arguments.dropFirst() {
        // Not FileManager.contents(atPath:): on an empty file it leaks the 4 KiB it allocated, which fails a
        // replay under AddressSanitizer for Foundation's sake.
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() ?? Data() else {
          print("\(path): cannot read")
          exit(66)
        }
        target.run(data)
        print("\(path): ok")
      }
    }
  }
#endif
