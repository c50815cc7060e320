import Testing
@testable import KineticProtocol

@Suite("JSONValue hashing")
struct JSONValueHashingTests {
    @Test("equal values hash equally and distinct structures stay distinct, as == says")
    func consistentWithEquality() {
        let values: [JSONValue] = [.number(0), .number(-0.0), .number(1), .string("1"), .bool(true), .null,
                                   .array([1, 2]), .array([2, 1]), .object(["a": 1, "b": 2]), .object(["b": 2, "a": 1]),
                                   .object(["a": 1, "b": 2]), .object(["a": .object(["c": []])])]
        for a in values {
            for b in values where a == b { #expect(a.hashValue == b.hashValue, "\(a) and \(b)") }
        }
        // 0 and -0 are one value; key order makes objects distinct (JSONObject keeps order, and == compares it).
        #expect(Set(values).count == 10)
    }
}
