import Catalog
import Testing

struct GTINTests {
  @Test(arguments: ["724384960650", "0724384960650", "00724384960650", "602445868162", "5099924352321", "96385074"])
  func aValidGTINIsKeptAsItsNumber(text: String) throws {
    let gtin = try #require(GTIN(text))
    #expect(!gtin.digits.hasPrefix("0"))
    #expect(GTIN(String(repeating: "0", count: 14 - text.count) + text) == gtin)
  }

  @Test(arguments: ["724384960651", "72438496065", "72438496065a", "", "000000000000"])
  func anythingElseIsNone(text: String) {
    #expect(GTIN(text) == nil)
  }

  @Test func appleArtworkPathsOftenNameIt() {
    let named = "https://is1-ssl.mzstatic.com/image/thumb/Music/v4/ab/cd/00602445868162.rgb.jpg/100x100bb.jpg"
    #expect(GTIN.named(inPath: named) == GTIN("602445868162"))
    #expect(GTIN.named(inPath: "https://is1-ssl.mzstatic.com/image/thumb/Music/source/100x100bb.jpg") == nil)
    // A run of digits whose check digit fails is no UPC.
    #expect(GTIN.named(inPath: "https://example.org/123456789013/100x100bb.jpg") == nil)
  }

  @Test func theLookupFormIsTwelveOrThirteenDigits() throws {
    #expect(try #require(GTIN("00602445868162")).lookupForm == "602445868162")
    #expect(try #require(GTIN("96385074")).lookupForm == "000096385074")
    #expect(try #require(GTIN("5099924352321")).lookupForm == "5099924352321")
  }
}
