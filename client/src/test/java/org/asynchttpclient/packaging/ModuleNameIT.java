package org.asynchttpclient.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The built jar names its module {@code org.asynchttpclient} (upstream issue #1796), so that an
 * application on the module path can {@code requires org.asynchttpclient}. Runs after {@code
 * package}, against the jar itself.
 */
class ModuleNameIT {

  private static File jar() {
    String path = System.getProperty("ahc.jar");
    assertNotNull(path, "the build passes the jar's path as ahc.jar");
    File jar = new File(path);
    assertTrue(jar.isFile(), "no jar at " + jar);
    return jar;
  }

  @Test
  void theManifestNamesTheModule() throws Exception {
    try (JarFile jar = new JarFile(jar())) {
      assertEquals(
          "org.asynchttpclient",
          jar.getManifest().getMainAttributes().getValue("Automatic-Module-Name"));
    }
  }

  @Test
  void theModuleSystemSeesThatNameAndThePublicPackages() {
    Set<ModuleReference> found = ModuleFinder.of(jar().toPath()).findAll();
    assertEquals(1, found.size(), "modules in the jar: " + found);
    ModuleDescriptor module = found.iterator().next().descriptor();
    assertEquals("org.asynchttpclient", module.name());
    assertTrue(module.isAutomatic());
    Set<String> packages = module.packages().stream().collect(Collectors.toSet());
    assertTrue(packages.contains("org.asynchttpclient"), "packages: " + packages);
    assertTrue(packages.contains("org.asynchttpclient.config"), "packages: " + packages);
  }
}
