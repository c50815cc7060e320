// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension KeyframeAnimator where Value: Animatable {
    /// A trigger-driven animator writing every frame's value into `attribute` (as un-animated model
    /// changes, so the attribute shows exactly the keyframes). It starts from the attribute's value
    /// and plays on the attribute's graph; when that graph is gone there is no clock, and triggers do
    /// nothing.
    public convenience init<K: Keyframes<Value>>(
        attribute: AnimatableAttribute<Value>,
        trigger: Trigger,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> K
    ) {
        self.init(
            graph: attribute.graph, initialValue: attribute.value, trigger: trigger, mode: .triggered,
            content: { attribute.setWithoutAnimation($0) }, makeKeyframes: { keyframes($0)._tracks })
    }
}

extension AnimatableAttribute {
    /// Sets the model value in a transaction of its own that animates nothing (attribute overrides
    /// included), whatever transaction the caller is in: animators own the attributes they drive.
    func setWithoutAnimation(_ newValue: Value) {
        var transaction = Transaction(animation: nil)
        transaction.disablesAnimations = true
        Transaction.withCurrent(transaction) { value = newValue }
    }
}
