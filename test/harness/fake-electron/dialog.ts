// Electron's dialog: what the shell tells the receptionist in a box, recorded instead of shown.
export class FakeDialog {
  errorBoxes: { title: string; content: string }[] = [];
  showErrorBox(title: string, content: string): void {
    this.errorBoxes.push({ title, content });
  }
}
