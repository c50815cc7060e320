// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension KeyframeAnimator where Trigger == Bool {
    /// A repeating animator: while `repeating` is true it loops a timeline built once from
    /// `initialValue`; while false it shows that timeline's start value. Setting ``repeating`` to true
    /// again restarts the loop from its beginning.
    public convenience init<K: Keyframes<Value>>(
        graph: AnimationGraph,
        initialValue: Value,
        repeating: Bool = true,
        content: @escaping (Value) -> Void,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> K
    ) {
        self.init(
            graph: graph, initialValue: initialValue, trigger: repeating, mode: .repeating, content: content,
            makeKeyframes: { keyframes($0)._tracks })
        updateRepeating()
    }

    /// Whether the keyframes loop (the repeating form's trigger).
    public var repeating: Bool {
        get { trigger }
        set { trigger = newValue }
    }
}
