export default function CirclesScreen() {
  return <main>TODO</main>;
}
