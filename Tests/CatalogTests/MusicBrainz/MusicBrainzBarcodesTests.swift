import Foundation
import Identity
import Synchronization
import Testing

@testable import Catalog

/// MusicBrainz asked by barcode: a release search of many barcodes at once, then one release-group search for the
/// groups found, read as the service answers (../shared/fixtures/musicbrainz-barcode has the wire facts).
struct MusicBrainzBarcodesTests {
  /// The service in process: answers each search from `answer`, keeping the queries.
  final class Service: CatalogTransport {
    let queries = Mutex<[String]>([])
    let answer: @Sendable (URLComponents) -> String

    init(_ answer: @escaping @Sendable (URLComponents) -> String) { self.answer = answer }

    func get(_ url: URL) async throws(CatalogError) -> Data {
      let components = URLComponents(url: url, resolvingAgainstBaseURL: false) ?? URLComponents()
      let query = components.queryItems?.first { $0.name == "query" }?.value ?? ""
      queries.withLock { $0.append(components.path + " " + query) }
      return Data(answer(components).utf8)
    }

    func counters() async -> TransportCounters { TransportCounters(requests: queries.withLock(\.count)) }
  }

  static let endpoint = MusicBrainzEndpoint(baseURL: URL(string: "http://127.0.0.1:9") ?? URL(fileURLWithPath: "/"))

  /// A release as the search sends it, keys as recorded, its group without a first date.
  static func release(_ id: String, barcode: String, group: String, title: String, secondary: [String] = []) -> String {
    let types =
      secondary.isEmpty ? "" : #","secondary-types":["# + secondary.map { "\"\($0)\"" }.joined(separator: ",") + "]"
    return #"{"id":"\#(id)","score":100,"count":1,"title":"\#(title)","status":"Official","#
      + #""release-group":{"id":"\#(group)","type-id":"x","primary-type-id":"y","title":"\#(title)","primary-type":"Album"\#(types)},"#
      + #""date":"2026-11-20","country":"XE","barcode":"\#(barcode)"}"#
  }

  static func group(_ id: String, title: String, first: String, secondary: [String] = []) -> String {
    let types = secondary.map { "\"\($0)\"" }.joined(separator: ",")
    return
      #"{"id":"\#(id)","score":100,"count":1,"title":"\#(title)","first-release-date":"\#(first)","primary-type":"Album","secondary-types":[\#(types)]}"#
  }

  @Test func twoSearchesTypeAPageOfBarcodesAndMatchCodesAsNumbers() async throws {
    let service = Service { components in
      if components.path == "/ws/2/release" {
        // Stored as entered: one with a leading zero the asked code lacks, one on two releases (two countries).
        let items = [
          Self.release("r1", barcode: "0602445868162", group: "g-home", title: "Homework"),
          Self.release("r2", barcode: "5099924352321", group: "g-club", title: "Daft Club", secondary: ["Remix"]),
          Self.release("r3", barcode: "5099924352321", group: "g-club", title: "Daft Club", secondary: ["Remix"]),
        ]
        return
          #"{"created":"2026-11-29T00:00:00.000Z","count":3,"offset":0,"releases":[\#(items.joined(separator: ","))]}"#
      }
      let groups = [
        Self.group("g-club", title: "Daft Club", first: "2003-12-01", secondary: ["Remix"]),
        Self.group("g-home", title: "Homework", first: "1997-01-20"),
      ]
      return #"{"created":"x","count":2,"offset":0,"release-groups":[\#(groups.joined(separator: ","))]}"#
    }
    let source = MusicBrainzBarcodes(transport: service, endpoint: Self.endpoint, requestsPerMinute: 60)
    let codes = try ["602445868162", "5099924352321", "886446163246"].map { try #require(GTIN($0)) }
    let answer = try await source.records(of: codes)
    #expect(answer.requests == 2)
    #expect(
      service.queries.withLock { $0 } == [
        "/ws/2/release (barcode:602445868162 OR barcode:5099924352321 OR barcode:886446163246)",
        #"/ws/2/release-group (rgid:g\-club OR rgid:g\-home)"#,
      ])
    #expect(answer.records[codes[0]]?.title == "Homework" && answer.records[codes[0]]?.releaseDate?.year == 1997)
    #expect(answer.records[codes[1]]?.secondaryTypes == ["remix"])
    #expect(answer.records[codes[1]]?.types == CatalogTypes(words: "Album + Remix", complete: true))
    #expect(answer.records[codes[2]] == nil)
  }

  @Test func noBarcodeKnownIsOneRequestAndAnAnswer() async throws {
    let service = Service { _ in #"{"created":"x","count":0,"offset":0,"releases":[]}"# }
    let source = MusicBrainzBarcodes(transport: service, endpoint: Self.endpoint, requestsPerMinute: 60)
    let answer = try await source.records(of: [try #require(GTIN("886446163246"))])
    #expect(answer.requests == 1 && answer.records.isEmpty)
  }

  @Test func theRecordedSearchIsRead() throws {
    var folder = URL(fileURLWithPath: #filePath)
    while folder.path != "/" {
      folder.deleteLastPathComponent()
      let file = folder.appendingPathComponent("shared/fixtures/musicbrainz-barcode/release-search-barcode.json")
      guard let body = try? Data(contentsOf: file) else { continue }
      let page = try JSONDecoder().decode(MBBarcodePage.self, from: body)
      #expect(
        page.count == 2
          && page.releases.map(\.releaseGroup?.id) == Array(repeating: "99599db8-0e36-4a93-b0e8-350e9d7502a9", count: 2)
      )
      #expect(MusicBrainzBarcodes.sameCode(page.releases.first?.barcode, try #require(GTIN("0889853650729"))))
      return
    }
  }
}
