export default function LiveCirclesScreen() {
  return <main>TODO</main>;
}
