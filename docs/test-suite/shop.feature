# language: fr
Fonctionnalité: shop — suite de couverture (2 chemins, 4 étapes ; transitions prises : 4 sur 4 (liste exhaustive : 5 chemins, 6 étapes))
  Écrite par `npm run paths -- --all` depuis la machine et ce que ses tests vérifient à l’écran.

  Scénario: shop-1
    Étant donné que la page est ouverte
    Alors aucune publication ; le texte « Chargement de la boutique… »
    Quand Le serveur répond avec 2 publication(s) en vente
    Alors 2 publications, la première « Constitution cantonale (brochure) » ; pas de texte « Chargement de la boutique… »

  Scénario: shop-2
    Étant donné que la page est ouverte
    Alors aucune publication ; le texte « Chargement de la boutique… »
    Quand L’appel de la boutique échoue
    Alors pas de texte « Chargement de la boutique… » ; l’alerte « La boutique n'a pas pu être chargée. » et le bouton « Réessayer »
    Quand Cliquer sur « Réessayer »
    Alors le texte « Chargement de la boutique… » ; aucune alerte
    Quand L’appel tarde ou échoue : nouvel essai 1 sur 2
    Alors pas de texte « Chargement de la boutique… » ; le texte « Connexion lente ou serveur occupé : nouvel essai en cours… »
