/// Collects the values of a seed snippet's bare expression statements (`Spring.smooth`,
/// `spring.mass  // 1.0`), so a snippet that lists expressions compiles unchanged, without
/// "unused result" warnings, and a test can check what each line evaluates to.
@resultBuilder
enum SnippetBuilder {
    static func buildExpression<T>(_ expression: T) -> [Any] { [expression] }
    static func buildBlock(_ parts: [Any]...) -> [Any] { parts.flatMap { $0 } }
}
