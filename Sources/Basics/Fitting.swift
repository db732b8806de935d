/// The most of something that fits a limit (rows of a message under its size), where more never fit if fewer do not.
public enum Fitting {
  /// The largest count in 0...`count` that `fits`, found by halving: `fits` is asked about a count in each step and
  /// never about 0, which always fits (nothing can be told in any message).
  public static func most<Failure: Error>(of count: Int, fits: (Int) throws(Failure) -> Bool) throws(Failure) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high + 1) / 2
      if try fits(middle) { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
