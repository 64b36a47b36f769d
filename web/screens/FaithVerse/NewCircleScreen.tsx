export default function NewCircleScreen() {
  return <main>TODO</main>;
}
