internal import Basics
internal import Fixtures
internal import Foundation

// deepcut-bench: measures the library reader against its floors and against Foundation, side by side.
//
//   deepcut-bench library [--albums N] [--artists N] [--runs N] [--plist-runs N] [--dir DIR] [--keep]
//   deepcut-bench joint [--artists N] [--albums N]   (single catalogs and combinations on one joint world)
//   deepcut-bench listen [--artists N] [--new-percent P]   (minutes to rows that open Apple Music / Spotify directly)
//   deepcut-bench classes [--artists N] [--albums N] [--new-percent P]   (what telling new music apart costs a night)
//   deepcut-bench child CONTENDER PATH      (internal: one timed run in a fresh process)
//
// Each run happens in its own child process so that peak resident memory belongs to one contender,
// and contenders take turns run by run so machine noise hits them alike. Times are measured inside
// the child around the read alone; process start-up is not counted.

let arguments = Array(CommandLine.arguments.dropFirst())

func value(_ name: String, default fallback: Int) -> Int {
  guard let index = arguments.firstIndex(of: "--\(name)"), index + 1 < arguments.count,
    let number = Int(arguments[index + 1].replacingOccurrences(of: "_", with: ""))
  else { return fallback }
  return number
}

func string(_ name: String) -> String? {
  guard let index = arguments.firstIndex(of: "--\(name)"), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

func runChild(_ contenderName: String, _ path: String) -> Int32 {
  guard let contender = Contender(rawValue: contenderName) else {
    FileHandle.standardError.write(Data("unknown contender \(contenderName)\n".utf8))
    return 64
  }
  do {
    let clock = ContinuousClock()
    let start = clock.now
    let checksum = try contender.run(path: path)
    let elapsed = clock.now - start
    let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
    print("\(nanoseconds) \(Platform.peakResidentBytes ?? 0) \(checksum)")
    return 0
  } catch {
    FileHandle.standardError.write(Data("\(contenderName): \(error)\n".utf8))
    return 1
  }
}

struct Sample {
  var seconds: Double
  var peakMegabytes: Double
  var checksum: Int
}

/// One timed run of `contender` in a child of its own: this program again, started as `child`.
func spawn(_ contender: Contender, _ path: String) async throws -> Sample {
  guard let executable = Platform.executablePath else { throw BenchError("cannot find this program's own file") }
  let process = try SpawnedProcess(
    executable, ["child", contender.rawValue, path], environment: ProcessInfo.processInfo.environment,
    directory: FileManager.default.currentDirectoryPath, mergingErrors: false)
  try? process.input.close()
  let output = process.output?.readDataToEndOfFile() ?? Data()
  await process.waitUntilExit()
  // What it said on standard error goes where this program's does: a line at most, if it failed, which the pipe holds
  // until it is read here.
  if let said = process.errors?.readDataToEndOfFile(), !said.isEmpty { FileHandle.standardError.write(said) }
  let fields = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace)
  guard process.terminationStatus == 0, fields.count == 3, let nanoseconds = Double(fields[0]),
    let bytes = Double(fields[1]), let checksum = Int(fields[2])
  else { throw BenchError("\(contender.rawValue) failed (status \(process.terminationStatus))") }
  return Sample(seconds: nanoseconds / 1e9, peakMegabytes: bytes / 1_048_576, checksum: checksum)
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func format(_ value: Double, _ digits: Int = 3) -> String {
  String(format: "%.\(digits)f", value)
}

func benchLibrary() async throws {
  let albums = value("albums", default: 5054)
  let artists = value("artists", default: albums == 5054 ? 1610 : max(1, albums * 1610 / 5054))
  let runs = value("runs", default: 5)
  let plistRuns = value("plist-runs", default: runs)
  let directory = string("dir") ?? NSTemporaryDirectory()
  let path = (directory as NSString).appendingPathComponent("deepcut-bench-\(artists)-\(albums).xml")

  if !FileManager.default.fileExists(atPath: path) {
    var options = GeneratorOptions()
    options.artists = artists
    options.albums = albums
    let start = ContinuousClock.now
    let manifest = try SyntheticLibrary.write(options, to: path)
    print("generated \(path): \(manifest.tracks) tracks in \(ContinuousClock.now - start)")
  }
  let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  print("library: \(path), \(format(Double(bytes) / 1e6, 1)) MB, \(artists) artists, \(albums) albums")
  print("runs: \(runs) (PropertyListSerialization: \(plistRuns)), each in a fresh process, interleaved\n")

  var samples: [Contender: [Sample]] = [:]
  for run in 0..<max(runs, plistRuns) {
    for contender in Contender.allCases {
      let wanted = contender == .propertyList ? plistRuns : runs
      guard run < wanted else { continue }
      samples[contender, default: []].append(try await spawn(contender, path))
    }
  }

  let header = "contender".padding(toLength: 22, withPad: " ", startingAt: 0)
  print("\(header)   median s      min s      max s   peak RSS MB")
  for contender in Contender.allCases {
    guard let rows = samples[contender], !rows.isEmpty else { continue }
    let times = rows.map(\.seconds)
    let name = contender.rawValue.padding(toLength: 22, withPad: " ", startingAt: 0)
    let columns = [median(times), times.min() ?? 0, times.max() ?? 0].map { format($0).leftPadded(to: 10) }
    let memory = format(rows.map(\.peakMegabytes).max() ?? 0, 1).leftPadded(to: 13)
    print("\(name) \(columns.joined(separator: " ")) \(memory)")
  }

  func ratio(_ numerator: Contender, _ denominator: Contender) -> String {
    guard let top = samples[numerator]?.map(\.seconds), let bottom = samples[denominator]?.map(\.seconds) else {
      return "n/a"
    }
    return format(median(top) / median(bottom), 2) + "x"
  }
  print("")
  print("deepcut-scan / sax-floor              \(ratio(.deepcutScan, .saxFloor))   (target ≤ 1.30x)")
  print("deepcut-scan / reader-floor           \(ratio(.deepcutScan, .readerFloor))   (target ≤ 1.30x)")
  print("plist-serialization / deepcut-scan    \(ratio(.propertyList, .deepcutScan))   (target ≥ 10x)")
  if let scan = samples[.deepcutScan]?.first?.checksum, let plist = samples[.propertyList]?.first?.checksum {
    let agree = scan == plist ? "agree" : "DIFFER (scan \(scan), plist \(plist))"
    print("album/artist key counts: \(agree)")
  }
  if !arguments.contains("--keep"), string("dir") == nil { try? FileManager.default.removeItem(atPath: path) }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

switch arguments.first {
case "child" where arguments.count == 3:
  exit(runChild(arguments[1], arguments[2]))
case "generate":
  // Writes a library with the generator, e.g. samples/Library.xml:
  //   deepcut-bench generate --artists 25 --albums 30 --edge-cases --out samples/Library.xml
  guard let out = string("out") else {
    FileHandle.standardError.write(Data("deepcut-bench generate needs --out PATH\n".utf8))
    exit(64)
  }
  var options = GeneratorOptions()
  options.artists = value("artists", default: 25)
  options.albums = value("albums", default: 30)
  options.seed = UInt64(value("seed", default: 42))
  options.edgeCases = arguments.contains("--edge-cases")
  if let today = string("today") { options.today = today }
  do {
    let manifest = try SyntheticLibrary.write(options, to: out)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try encoder.encode(manifest), as: UTF8.self))
  } catch {
    FileHandle.standardError.write(Data("deepcut-bench: \(error)\n".utf8))
    exit(1)
  }
case "catalog":
  do {
    try await CatalogBenchmark.run(
      artists: value("artists", default: 1610),
      albums: value("albums", default: 5054),
      latencyMilliseconds: value("latency-ms", default: 150),
      concurrency: value("concurrency", default: 4),
      runs: value("runs", default: 3),
      directory: string("dir") ?? NSTemporaryDirectory()
    )
  } catch {
    FileHandle.standardError.write(Data("deepcut-bench: \(error)\n".utf8))
    exit(1)
  }
case "nights":
  do {
    try await NightsBenchmark.run(
      artists: value("artists", default: 1610),
      albums: value("albums", default: 5054),
      latencyMilliseconds: value("latency-ms", default: 10),
      concurrency: value("concurrency", default: 4),
      nights: value("nights", default: 60),
      stopAt: value("stop-at", default: 700),
      directory: string("dir") ?? NSTemporaryDirectory()
    )
  } catch {
    FileHandle.standardError.write(Data("deepcut-bench: \(error)\n".utf8))
    exit(1)
  }
case "musicbrainz":
  do {
    let rate = value("rate-limit", default: 50)
    try await MusicBrainzBenchmark.run(
      artists: value("artists", default: 1610),
      albums: value("albums", default: 5054),
      requestsPerMinute: rate == 0 ? .infinity : Double(rate),
      directory: string("dir") ?? NSTemporaryDirectory()
    )
  } catch {
    FileHandle.standardError.write(Data("deepcut-bench: \(error)\n".utf8))
    exit(1)
  }
case "providers":
  do {
    try await ProvidersBenchmark.run(
      artists: value("artists", default: 1610),
      albums: value("albums", default: 5054),
      realPace: Set((string("real-pace") ?? "").split(separator: ",").map(String.init)),
      directory: string("dir") ?? NSTemporaryDirectory()
    )
  } catch {
    FileHandle.standardError.write(Data("deepcut-bench: \(error)\n".utf8))
    exit(1)
  }
case "joint":
  do {
    try await JointBenchmark.run(
      artists: value("artists", default: 1610), albums: value("albums", default: 5054),
      directory: string("dir") ?? NSTemporaryDirectory())
  } catch {
    FileHandle.standardError.write(Data("deepcut-bench: \(error)\n".utf8))
    exit(1)
  }
case "listen":
  do {
    try await ListenBenchmark.run(
      artists: value("artists", default: 1610), albums: value("albums", default: 5054),
      newChance: Double(value("new-percent", default: 7)) / 100, directory: string("dir") ?? NSTemporaryDirectory())
  } catch {
    FileHandle.standardError.write(Data("deepcut-bench: \(error)\n".utf8))
    exit(1)
  }
case "classes":
  do {
    // The 1,610-artist library on a busy window, and a realistic night (the `listen` benchmark's 1 %).
    let busy = (artists: value("artists", default: 1610), albums: value("albums", default: 5054), newChance: 0.07)
    let realistic = (artists: 1000, albums: 3140, newChance: Double(value("new-percent", default: 1)) / 100)
    try await ClassesBenchmark.run(sizes: [busy, realistic], directory: string("dir") ?? NSTemporaryDirectory())
  } catch {
    FileHandle.standardError.write(Data("deepcut-bench: \(error)\n".utf8))
    exit(1)
  }
case "transports":
  do {
    try await TransportBenchmark.run(
      requests: value("requests", default: 40),
      latencyMilliseconds: value("latency-ms", default: 150),
      concurrency: value("concurrency", default: 4),
      runs: value("runs", default: 3)
    )
  } catch {
    FileHandle.standardError.write(Data("deepcut-bench: \(error)\n".utf8))
    exit(1)
  }
case "world":
  // The library and the joint world Scripts/pressure-nights serves through the fakes in Tests/Fakes.
  guard let out = string("out") else {
    FileHandle.standardError.write(Data("deepcut-bench world needs --out DIR\n".utf8))
    exit(64)
  }
  do {
    try JointBenchmark.writeWorld(
      artists: value("artists", default: 60), albums: value("albums", default: 150), today: string("today"),
      directory: out)
  } catch {
    FileHandle.standardError.write(Data("deepcut-bench: \(error)\n".utf8))
    exit(1)
  }
case "library":
  do {
    try await benchLibrary()
  } catch {
    FileHandle.standardError.write(Data("deepcut-bench: \(error)\n".utf8))
    exit(1)
  }
default:
  print(
    """
    usage: deepcut-bench library [--albums N] [--artists N] [--runs N] [--plist-runs N] [--dir DIR] [--keep]
           deepcut-bench catalog [--artists N] [--albums N] [--latency-ms 150] [--concurrency 4] [--runs 3]
           deepcut-bench nights [--artists N] [--albums N] [--nights 60] [--stop-at 700] [--latency-ms 10]
           deepcut-bench musicbrainz [--artists N] [--albums N] [--rate-limit 50]   (0 lifts the limit)
           deepcut-bench providers [--artists N] [--albums N] [--real-pace NAME,...]   (every registered catalog)
           deepcut-bench transports [--requests 40] [--latency-ms 150] [--concurrency 4] [--runs 3]
           deepcut-bench classes [--artists N] [--albums N] [--new-percent 1]   (the barcodes a night asks, at real pace)
           deepcut-bench generate --out PATH [--artists N] [--albums N] [--seed N] [--edge-cases] [--today DATE]
           deepcut-bench world --out DIR [--artists 60] [--albums 150] [--today DATE]   (Scripts/pressure-nights)

    Generates a synthetic Library.xml (default 1,610 artists / 5,054 albums, about 70 MB) and times, each run
    in a fresh process: deepcut's scan, a SAX loop with empty callbacks, a bare xmlTextReader loop, and
    Foundation's PropertyListSerialization building the same key set. Prints medians, ratios, peak memory.
    """
  )
}
