import Kinetic

// The README's main job for now: show that the engine builds and runs.
// It grows into the daemon demo (`kineticctl demo`) once the daemon exists.
print("Kinetic showcase: AnimatablePair arithmetic")
let a = AnimatablePair(0.0, 100.0)
let b = AnimatablePair(10.0, 0.0)
for step in 0...4 {
    let t = Double(step) / 4
    let v = a.interpolated(towards: b, amount: t)
    print(String(format: "t=%.2f  x=%6.2f  y=%6.2f", t, v.first, v.second))
}
