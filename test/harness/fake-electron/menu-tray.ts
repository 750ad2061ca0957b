// Fakes Electron's Menu, Tray and the nativeImage objects the tray shows.
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';

export interface FakeMenuItem {
  label?: string;
  type?: string;
  role?: string;
  checked?: boolean;
  enabled?: boolean;
  submenu?: FakeMenuItem[] | FakeMenu;
  click?: (item: FakeMenuItem) => void;
}

export class FakeMenu {
  constructor(public readonly items: FakeMenuItem[]) {}
  static buildFromTemplate(template: FakeMenuItem[]): FakeMenu {
    return new FakeMenu(template);
  }
  static applicationMenu: FakeMenu | null | undefined = undefined;
  static setApplicationMenu(menu: FakeMenu | null): void {
    FakeMenu.applicationMenu = menu;
  }
  /** Test helper: finds an item by label anywhere in the menu. */
  find(label: string): FakeMenuItem | undefined {
    for (const item of this.items) {
      if (item.label === label) return item;
      const sub = item.submenu instanceof FakeMenu ? item.submenu.items : item.submenu;
      const found = sub ? new FakeMenu(sub).find(label) : undefined;
      if (found) return found;
    }
    return undefined;
  }
}

export class FakeNativeImage {
  template = false;
  constructor(public readonly path: string) {}
  setTemplateImage(option: boolean): void {
    this.template = option;
  }
  isTemplateImage(): boolean {
    return this.template;
  }
  isEmpty(): boolean {
    return this.path === '' || !existsSync(this.path);
  }
  resize(): FakeNativeImage {
    return this;
  }
}

export class FakeTray extends EventEmitter {
  static instances: FakeTray[] = [];
  tooltip = '';
  menu: FakeMenu | null = null;
  destroyed = false;
  constructor(public image: FakeNativeImage | string) {
    super();
    FakeTray.instances.push(this);
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setContextMenu(menu: FakeMenu | null): void {
    this.menu = menu;
  }
  setImage(image: FakeNativeImage | string): void {
    this.image = image;
  }
  destroy(): void {
    this.destroyed = true;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}
